ALTER TABLE "unit_state" ADD COLUMN "status_time" timestamp (3) with time zone;--> statement-breakpoint
-- Every stored state's status so far counts as its position's (a no-fix merge did not record its time).
UPDATE "unit_state" SET "status_time" = "device_time";--> statement-breakpoint
ALTER TABLE "unit_state" ALTER COLUMN "status_time" SET NOT NULL;
