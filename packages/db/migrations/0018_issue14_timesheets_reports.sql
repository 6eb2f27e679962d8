CREATE TABLE "data_request_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"ip" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" bigint DEFAULT 0 NOT NULL,
	"progress_total" bigint DEFAULT 0 NOT NULL,
	"progress_text" text DEFAULT '' NOT NULL,
	"file_name" text,
	"bytes" bigint,
	"row_count" bigint,
	"error" text,
	"runner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"origin" text DEFAULT 'user' NOT NULL,
	"what" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"progress_text" text DEFAULT '' NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"row_count" integer,
	"error" text,
	"runner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_runs_status_check" CHECK ("report_runs"."status" IN ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_report_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"report_run_id" bigint,
	"message_id" text,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scheduled_report_runs_status_check" CHECK ("scheduled_report_runs"."status" IN ('running', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"what" text NOT NULL,
	"params" jsonb NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"at_time" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"recipients" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_reports_format_check" CHECK ("scheduled_reports"."format" IN ('pdf', 'xlsx', 'csv')),
	CONSTRAINT "scheduled_reports_frequency_check" CHECK ("scheduled_reports"."frequency" IN ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "service_tokens" (
	"name" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"pattern" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timesheet_id" integer NOT NULL,
	"shift_id" bigint,
	"action" text NOT NULL,
	"field" text,
	"before" jsonb,
	"after" jsonb,
	"user_id" integer,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_driver_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timesheet_id" integer NOT NULL,
	"version" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"signature_id" bigint NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_shifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timesheet_id" integer NOT NULL,
	"source" text NOT NULL,
	"data_key" text,
	"data_start" timestamp (3) with time zone,
	"data_end" timestamp (3) with time zone,
	"start_time" timestamp (3) with time zone,
	"end_time" timestamp (3) with time zone,
	"break_s" integer,
	"notes" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_shifts_source_check" CHECK ("timesheet_shifts"."source" IN ('data', 'office'))
);
--> statement-breakpoint
CREATE TABLE "timesheet_signoffs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timesheet_id" integer NOT NULL,
	"version" integer NOT NULL,
	"operator_user_id" integer,
	"operator_name" text NOT NULL,
	"operator_signature_id" bigint,
	"operator_signed_at" timestamp with time zone NOT NULL,
	"driver_signature_id" bigint,
	"driver_signed_at" timestamp with time zone,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"wc" date NOT NULL,
	"dummy" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "shift_pattern_id" integer;--> statement-breakpoint
ALTER TABLE "data_request_audit" ADD CONSTRAINT "data_request_audit_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_request_audit" ADD CONSTRAINT "data_request_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_report_runs" ADD CONSTRAINT "scheduled_report_runs_schedule_id_scheduled_reports_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_report_runs" ADD CONSTRAINT "scheduled_report_runs_report_run_id_report_runs_id_fk" FOREIGN KEY ("report_run_id") REFERENCES "public"."report_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_audit" ADD CONSTRAINT "timesheet_audit_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_audit" ADD CONSTRAINT "timesheet_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_driver_signatures" ADD CONSTRAINT "timesheet_driver_signatures_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_driver_signatures" ADD CONSTRAINT "timesheet_driver_signatures_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_driver_signatures" ADD CONSTRAINT "timesheet_driver_signatures_signature_id_uploads_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_shifts" ADD CONSTRAINT "timesheet_shifts_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_operator_signature_id_uploads_id_fk" FOREIGN KEY ("operator_signature_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_signoffs" ADD CONSTRAINT "timesheet_signoffs_driver_signature_id_uploads_id_fk" FOREIGN KEY ("driver_signature_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_request_audit_request_idx" ON "data_request_audit" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "data_requests_site_idx" ON "data_requests" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "report_runs_user_idx" ON "report_runs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "report_runs_site_idx" ON "report_runs" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_report_runs_due_idx" ON "scheduled_report_runs" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "scheduled_reports_site_idx" ON "scheduled_reports" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "scheduled_reports_due_idx" ON "scheduled_reports" USING btree ("next_run_at") WHERE enabled;--> statement-breakpoint
CREATE INDEX "shift_patterns_site_idx" ON "shift_patterns" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_patterns_default_idx" ON "shift_patterns" USING btree ("site_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "timesheet_audit_sheet_idx" ON "timesheet_audit" USING btree ("timesheet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_driver_signatures_idx" ON "timesheet_driver_signatures" USING btree ("timesheet_id","version");--> statement-breakpoint
CREATE INDEX "timesheet_shifts_sheet_idx" ON "timesheet_shifts" USING btree ("timesheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_shifts_data_key_idx" ON "timesheet_shifts" USING btree ("timesheet_id","data_key");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_signoffs_version_idx" ON "timesheet_signoffs" USING btree ("timesheet_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_driver_wc_idx" ON "timesheets" USING btree ("driver_id","wc");--> statement-breakpoint
CREATE INDEX "timesheets_site_wc_idx" ON "timesheets" USING btree ("site_id","wc");--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_shift_pattern_id_shift_patterns_id_fk" FOREIGN KEY ("shift_pattern_id") REFERENCES "public"."shift_patterns"("id") ON DELETE set null ON UPDATE no action;