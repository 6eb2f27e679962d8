CREATE TABLE "driving_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"driver_id" integer,
	"kind" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"end_at" timestamp (3) with time zone,
	"value" double precision DEFAULT 0 NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"position_id" bigint NOT NULL,
	CONSTRAINT "driving_events_once" UNIQUE("unit_id","kind","at")
);
--> statement-breakpoint
CREATE TABLE "fuel_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"end_at" timestamp (3) with time zone NOT NULL,
	"before_litres" double precision NOT NULL,
	"after_litres" double precision NOT NULL,
	"litres" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"alert_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuel_events_once" UNIQUE("unit_id","kind","start_at"),
	CONSTRAINT "fuel_events_kind_check" CHECK ("fuel_events"."kind" IN ('refuel', 'drop'))
);
--> statement-breakpoint
CREATE TABLE "io_rollups" (
	"unit_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"vals" jsonb NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "io_rollups_pkey" PRIMARY KEY("unit_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "unit_driving_state" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"last_time" timestamp (3) with time zone,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_faults" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"code" text NOT NULL,
	"spn" integer,
	"fmi" integer,
	"first_at" timestamp (3) with time zone NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"first_position_id" bigint NOT NULL,
	"alert_id" bigint,
	CONSTRAINT "unit_faults_once" UNIQUE("unit_id","code","first_at")
);
--> statement-breakpoint
CREATE TABLE "unit_fuel_state" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"scanned_to" timestamp (3) with time zone NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unit_types" ADD COLUMN "io_catalogue" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "tank_litres" double precision;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "asset_hours" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "asset_poi_id" integer;--> statement-breakpoint
ALTER TABLE "driving_events" ADD CONSTRAINT "driving_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_events" ADD CONSTRAINT "driving_events_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_events" ADD CONSTRAINT "driving_events_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_events" ADD CONSTRAINT "fuel_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_events" ADD CONSTRAINT "fuel_events_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_events" ADD CONSTRAINT "fuel_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "io_rollups" ADD CONSTRAINT "io_rollups_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_driving_state" ADD CONSTRAINT "unit_driving_state_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_faults" ADD CONSTRAINT "unit_faults_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_faults" ADD CONSTRAINT "unit_faults_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_faults" ADD CONSTRAINT "unit_faults_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_fuel_state" ADD CONSTRAINT "unit_fuel_state_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driving_events_site_idx" ON "driving_events" USING btree ("site_id","at");--> statement-breakpoint
CREATE INDEX "driving_events_driver_idx" ON "driving_events" USING btree ("driver_id","at");--> statement-breakpoint
CREATE INDEX "fuel_events_site_idx" ON "fuel_events" USING btree ("site_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_faults_open_idx" ON "unit_faults" USING btree ("unit_id","code") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "unit_faults_site_idx" ON "unit_faults" USING btree ("site_id","first_at");--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_asset_poi_id_poi_id_fk" FOREIGN KEY ("asset_poi_id") REFERENCES "public"."poi"("id") ON DELETE set null ON UPDATE no action;