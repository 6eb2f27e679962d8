ALTER TABLE "positions" ADD COLUMN "implausible" text;--> statement-breakpoint
CREATE INDEX "positions_flagged_idx" ON "positions" USING btree ("unit_id","id") WHERE implausible IS NOT NULL;--> statement-breakpoint
-- Repair what the ingest stored before the plausibility rule (packages/protocols/src/plausibility.ts;
-- the same bounds, written out in SQL). 1. Flag the stored positions the rule refuses.
UPDATE "positions" SET "implausible" = concat_ws(',',
    CASE WHEN NOT ("lat" BETWEEN -90 AND 90) THEN 'latitude' END,
    CASE WHEN NOT ("lon" BETWEEN -180 AND 180) THEN 'longitude' END,
    CASE WHEN "lat" = 0 AND "lon" = 0 THEN 'no-fix' END,
    CASE WHEN "device_time" > now() + interval '5 minutes' THEN 'time-ahead'
      WHEN "device_time" < timestamptz '2015-01-01T00:00:00Z' THEN 'time-before-floor' END,
    CASE WHEN NOT ("speed" BETWEEN 0 AND 500) THEN 'speed' END,
    CASE WHEN NOT ("altitude" BETWEEN -1000 AND 20000) THEN 'altitude' END)
  WHERE "implausible" IS NULL AND (NOT ("lat" BETWEEN -90 AND 90) OR NOT ("lon" BETWEEN -180 AND 180) OR ("lat" = 0 AND "lon" = 0)
    OR "device_time" > now() + interval '5 minutes' OR "device_time" < timestamptz '2015-01-01T00:00:00Z'
    OR NOT ("speed" BETWEEN 0 AND 500) OR NOT ("altitude" BETWEEN -1000 AND 20000));
--> statement-breakpoint
-- 2. A unit whose state came from such a position takes its newest plausible one instead (its IO
-- readings stay: they are replaced by the next report) ...
WITH "bad" AS (
    SELECT s."unit_id" FROM "unit_state" s
    WHERE EXISTS (SELECT 1 FROM "positions" x WHERE x."id" = s."position_id" AND x."implausible" IS NOT NULL)
      OR NOT (s."lat" BETWEEN -90 AND 90) OR NOT (s."lon" BETWEEN -180 AND 180) OR (s."lat" = 0 AND s."lon" = 0)
      OR s."device_time" > now() + interval '5 minutes' OR s."device_time" < timestamptz '2015-01-01T00:00:00Z'
      OR NOT (s."speed" BETWEEN 0 AND 500)),
  "newest" AS (
    SELECT DISTINCT ON (q."unit_id") q."id", q."unit_id", q."device_time", q."lat", q."lon", q."speed", q."angle", q."satellites"
    FROM "bad" JOIN "positions" q ON q."unit_id" = "bad"."unit_id" AND q."implausible" IS NULL
    ORDER BY q."unit_id", q."device_time" DESC, q."id" DESC)
UPDATE "unit_state" s SET "position_id" = n."id", "device_time" = n."device_time", "lat" = n."lat", "lon" = n."lon",
    "speed" = n."speed", "angle" = n."angle", "satellites" = n."satellites", "updated_at" = now()
  FROM "newest" n WHERE s."unit_id" = n."unit_id";
--> statement-breakpoint
-- ... and one that has none has no state (the fleet page shows it without a position).
DELETE FROM "unit_state" s
  WHERE EXISTS (SELECT 1 FROM "positions" x WHERE x."id" = s."position_id" AND x."implausible" IS NOT NULL)
    OR NOT (s."lat" BETWEEN -90 AND 90) OR NOT (s."lon" BETWEEN -180 AND 180) OR (s."lat" = 0 AND s."lon" = 0)
    OR s."device_time" > now() + interval '5 minutes' OR s."device_time" < timestamptz '2015-01-01T00:00:00Z'
    OR NOT (s."speed" BETWEEN 0 AND 500);
--> statement-breakpoint
-- 3. The events processor ignores positions older than the last it saw: a time from the future
-- would have stopped its geofence checks for the unit for good.
UPDATE "unit_event_state" e SET "last_time" = (
    SELECT max(q."device_time") FROM "positions" q WHERE q."unit_id" = e."unit_id" AND q."implausible" IS NULL)
  WHERE e."last_time" > now() + interval '5 minutes';
