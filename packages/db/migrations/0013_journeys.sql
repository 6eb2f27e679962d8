CREATE TABLE "trips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"start_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"start_lat" double precision NOT NULL,
	"start_lon" double precision NOT NULL,
	"end_lat" double precision NOT NULL,
	"end_lon" double precision NOT NULL,
	"start_position_id" bigint NOT NULL,
	"end_position_id" bigint NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"driving_s" integer DEFAULT 0 NOT NULL,
	"idle_s" integer DEFAULT 0 NOT NULL,
	"max_speed" integer DEFAULT 0 NOT NULL,
	"avg_speed" double precision DEFAULT 0 NOT NULL,
	"driver_id" integer,
	"start_odometer" double precision,
	"end_odometer" double precision,
	"start_engine_hours" double precision,
	"end_engine_hours" double precision,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trips_kind_check" CHECK ("trips"."kind" IN ('trip', 'stop'))
);
--> statement-breakpoint
CREATE TABLE "unit_trip_state" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"last_time" timestamp (3) with time zone NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "position_retention_months" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_trip_state" ADD CONSTRAINT "unit_trip_state_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trips_unit_start_idx" ON "trips" USING btree ("unit_id","start_time");--> statement-breakpoint
CREATE INDEX "trips_driver_idx" ON "trips" USING btree ("driver_id","start_time");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_retention_check" CHECK ("customers"."position_retention_months" IS NULL OR "customers"."position_retention_months" >= 1);