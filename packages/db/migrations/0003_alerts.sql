CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"poi_id" integer,
	"position_id" bigint NOT NULL,
	"happened_at" timestamp (3) with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_once" UNIQUE NULLS NOT DISTINCT("kind","unit_id","position_id","poi_id")
);
--> statement-breakpoint
CREATE TABLE "unit_event_state" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"panic" boolean DEFAULT false NOT NULL,
	"inside" integer[] DEFAULT '{}'::int[] NOT NULL,
	"fault_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_time" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_poi_id_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."poi"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_event_state" ADD CONSTRAINT "unit_event_state_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("site_id","kind") WHERE cleared_at IS NULL;