-- Issue 10: one unit system per site. Every site showed mph until now (the spec's unit), so existing
-- sites keep the imperial system (mi, mph, yd); a site administrator switches to metric on the config page.
ALTER TABLE "sites" ADD COLUMN "units" text DEFAULT 'imperial' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_units_check" CHECK ("sites"."units" IN ('imperial', 'metric'));