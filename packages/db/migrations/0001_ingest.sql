CREATE TABLE "command_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"user_id" integer,
	"command" text NOT NULL,
	"status" text NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
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
	"protocol" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"tx" "xid8" NOT NULL,
	"position_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_state" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"position_id" bigint NOT NULL,
	"device_time" timestamp (3) with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"speed" integer NOT NULL,
	"angle" integer NOT NULL,
	"satellites" integer NOT NULL,
	"ignition" boolean,
	"movement" boolean,
	"external_voltage" double precision,
	"odometer" double precision,
	"gsm_signal" integer,
	"pto1" boolean DEFAULT false NOT NULL,
	"pto2" boolean DEFAULT false NOT NULL,
	"panic" boolean DEFAULT false NOT NULL,
	"fuel_level" double precision,
	"fuel_used" double precision,
	"engine_hours" double precision,
	"rpm" integer,
	"total_distance" double precision,
	"fault_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"io" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unknown_devices" (
	"device_id" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "command_log" ADD CONSTRAINT "command_log_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_log" ADD CONSTRAINT "command_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_state" ADD CONSTRAINT "unit_state_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "positions_unit_time_event_idx" ON "positions" USING btree ("unit_id","device_time","event_io");--> statement-breakpoint
CREATE INDEX "positions_tx_id_idx" ON "positions" USING btree ("tx","id");