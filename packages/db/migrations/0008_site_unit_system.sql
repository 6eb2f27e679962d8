-- Issue 10: one unit system per site. Every site showed mph until now (the spec's unit), so existing
-- sites keep the imperial system (mi, mph, yd); a site administrator switches to metric on the config page.
ALTER TABLE "sites" ADD COLUMN "unit_system" text DEFAULT 'imperial' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_unit_system_check" CHECK ("sites"."unit_system" IN ('imperial', 'metric'));