CREATE TABLE "cab_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"instance_uuid" text,
	"key_hash" text,
	"registered_by" integer,
	"registered_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cab_devices_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "checklist_faults" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"checklist_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"item" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"upload_id" bigint,
	"dealt_at" timestamp with time zone,
	"dealt_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"template_id" integer,
	"user_id" integer,
	"driver_id" integer,
	"cab_device_id" integer,
	"client_key" text NOT NULL,
	"mileage" double precision,
	"operator" text DEFAULT '' NOT NULL,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"details" jsonb NOT NULL,
	"signature_upload_id" bigint,
	"reported_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"from_cab" boolean NOT NULL,
	"user_id" integer,
	"driver_id" integer,
	"body" text NOT NULL,
	"client_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit_id" integer,
	"user_id" integer,
	"client_key" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "vcl_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_type_id" integer,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cab_device_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "driver_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "cab_devices" ADD CONSTRAINT "cab_devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cab_devices" ADD CONSTRAINT "cab_devices_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_faults" ADD CONSTRAINT "checklist_faults_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_faults" ADD CONSTRAINT "checklist_faults_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_faults" ADD CONSTRAINT "checklist_faults_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_faults" ADD CONSTRAINT "checklist_faults_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_faults" ADD CONSTRAINT "checklist_faults_dealt_by_users_id_fk" FOREIGN KEY ("dealt_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_template_id_vcl_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."vcl_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_cab_device_id_cab_devices_id_fk" FOREIGN KEY ("cab_device_id") REFERENCES "public"."cab_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_signature_upload_id_uploads_id_fk" FOREIGN KEY ("signature_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vcl_templates" ADD CONSTRAINT "vcl_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vcl_templates" ADD CONSTRAINT "vcl_templates_unit_type_id_unit_types_id_fk" FOREIGN KEY ("unit_type_id") REFERENCES "public"."unit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vcl_templates" ADD CONSTRAINT "vcl_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cab_devices_site_idx" ON "cab_devices" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cab_devices_instance_idx" ON "cab_devices" USING btree ("instance_uuid") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "checklist_faults_open_idx" ON "checklist_faults" USING btree ("site_id","unit_id") WHERE dealt_at IS NULL;--> statement-breakpoint
CREATE INDEX "checklist_faults_checklist_idx" ON "checklist_faults" USING btree ("checklist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_client_key_idx" ON "checklists" USING btree ("site_id","client_key");--> statement-breakpoint
CREATE INDEX "checklists_unit_idx" ON "checklists" USING btree ("unit_id","id");--> statement-breakpoint
CREATE INDEX "messages_unit_idx" ON "messages" USING btree ("site_id","unit_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key_idx" ON "messages" USING btree ("unit_id","client_key");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("site_id","unit_id") WHERE read_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_client_key_idx" ON "uploads" USING btree ("site_id","client_key");--> statement-breakpoint
CREATE INDEX "vcl_templates_site_idx" ON "vcl_templates" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cab_device_id_cab_devices_id_fk" FOREIGN KEY ("cab_device_id") REFERENCES "public"."cab_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_user_idx" ON "drivers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK (("sessions"."kind" = 'user' AND "sessions"."cab_device_id" IS NULL AND "sessions"."driver_id" IS NULL AND "sessions"."unit_id" IS NULL)
    OR ("sessions"."kind" = 'driver' AND "sessions"."cab_device_id" IS NOT NULL AND "sessions"."driver_id" IS NOT NULL));