-- Issue 12, history at scale: the positions log becomes a natively partitioned table, RANGE on
-- device_time, one partition a UTC month (positions_YYYY_MM) and positions_default for any time
-- outside them. Written by hand: drizzle-kit cannot express partitions (its snapshot only knows the
-- new key). The whole migration runs in the migrator's one transaction, so a failure leaves the old
-- table as it was. Every row moves with its id, IO and flag; the id sequence is the same object, so
-- new ids continue after the largest one. The server's partition upkeep (apps/server/src/ingest/
-- partitions.ts) keeps creating months ahead from here on; docs/decisions.md (issue 12) says why.
LOCK TABLE "positions" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "positions" RENAME TO "positions_unpartitioned";--> statement-breakpoint
ALTER TABLE "positions_unpartitioned" RENAME CONSTRAINT "positions_pkey" TO "positions_unpartitioned_pkey";--> statement-breakpoint
ALTER TABLE "positions_unpartitioned" RENAME CONSTRAINT "positions_unit_id_units_id_fk" TO "positions_unpartitioned_unit_fk";--> statement-breakpoint
ALTER INDEX "positions_unit_time_event_idx" RENAME TO "positions_unpartitioned_unit_time_event_idx";--> statement-breakpoint
ALTER INDEX "positions_flagged_idx" RENAME TO "positions_unpartitioned_flagged_idx";--> statement-breakpoint
-- The sequence outlives the old table (dropping an owner drops what it owns).
ALTER SEQUENCE "positions_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint DEFAULT nextval('positions_id_seq'::regclass) NOT NULL,
	"unit_id" integer NOT NULL,
	"device_time" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"altitude" integer DEFAULT 0 NOT NULL,
	"angle" integer DEFAULT 0 NOT NULL,
	"satellites" integer DEFAULT 0 NOT NULL,
	"speed" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"event_io" integer DEFAULT 0 NOT NULL,
	"io" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"protocol" text NOT NULL,
	"implausible" text,
	CONSTRAINT "positions_pkey" PRIMARY KEY("id","device_time")
) PARTITION BY RANGE ("device_time");--> statement-breakpoint
ALTER SEQUENCE "positions_id_seq" OWNED BY "positions"."id";--> statement-breakpoint
CREATE TABLE "positions_default" PARTITION OF "positions" DEFAULT;--> statement-breakpoint
-- A partition for every month the stored positions fall in, from the plausibility floor (2015-01,
-- packages/protocols plausibility.ts) up to two months ahead, and always this month and the next
-- two. Times outside (a clock at 1970, a year ahead: rows already flagged implausible) stay in
-- positions_default rather than each making a partition; the upkeep moves a month out of it when
-- the month gets its partition.
DO $$
DECLARE
  m timestamptz;
BEGIN
  FOR m IN
    SELECT month FROM (
      SELECT DISTINCT date_trunc('month', "device_time", 'UTC') AS month FROM "positions_unpartitioned"
      UNION SELECT date_trunc('month', now(), 'UTC') + make_interval(months => k) FROM generate_series(0, 2) k) months
    WHERE month >= timestamptz '2015-01-01T00:00:00Z' AND month <= date_trunc('month', now(), 'UTC') + interval '2 months'
    ORDER BY month
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "positions" FOR VALUES FROM (%L) TO (%L)',
      'positions_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'),
      to_char(m AT TIME ZONE 'UTC', 'YYYY-MM-DD"T00:00:00Z"'),
      to_char((m + interval '1 month') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T00:00:00Z"'));
  END LOOP;
END $$;--> statement-breakpoint
-- Rows go in before the indexes exist: building each index once is far cheaper than keeping it.
INSERT INTO "positions" ("id", "unit_id", "device_time", "received_at", "lat", "lon", "altitude", "angle", "satellites",
    "speed", "priority", "event_io", "io", "protocol", "implausible")
  SELECT "id", "unit_id", "device_time", "received_at", "lat", "lon", "altitude", "angle", "satellites",
    "speed", "priority", "event_io", "io", "protocol", "implausible"
  FROM "positions_unpartitioned";--> statement-breakpoint
DROP TABLE "positions_unpartitioned";--> statement-breakpoint
-- A re-sent batch (lost ACK) carries the same records: stored once (the key holds device_time, so
-- a partitioned table can enforce it).
CREATE UNIQUE INDEX "positions_unit_time_event_idx" ON "positions" USING btree ("unit_id","device_time","event_io");--> statement-breakpoint
CREATE INDEX "positions_flagged_idx" ON "positions" USING btree ("unit_id","id") WHERE implausible IS NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ANALYZE "positions";
