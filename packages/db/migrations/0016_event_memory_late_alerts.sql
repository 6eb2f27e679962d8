ALTER TABLE "alerts" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_event_state" ADD COLUMN "last_lat" double precision;--> statement-breakpoint
ALTER TABLE "unit_event_state" ADD COLUMN "last_lon" double precision;--> statement-breakpoint
ALTER TABLE "unit_event_state" ADD COLUMN "alarms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Units the events processor already remembers: their last plausible position is the live state's.
UPDATE "unit_event_state" e SET "last_lat" = s."lat", "last_lon" = s."lon" FROM "unit_state" s WHERE s."unit_id" = e."unit_id";
