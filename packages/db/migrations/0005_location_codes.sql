ALTER TABLE "unit_event_state" ADD COLUMN "movement" boolean;--> statement-breakpoint
ALTER TABLE "unit_state" ADD COLUMN "loc_code" text;