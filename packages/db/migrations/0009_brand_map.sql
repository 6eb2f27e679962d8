ALTER TABLE "brands" ADD COLUMN "map_style_url" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "map_satellite_style_url" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "map_hosts" text[] DEFAULT '{}'::text[] NOT NULL;