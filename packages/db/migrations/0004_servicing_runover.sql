ALTER TABLE "sites" ADD COLUMN "working_hours" jsonb DEFAULT '{"days":[1,2,3,4,5],"start":"06:00","end":"18:00"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_event_state" ADD COLUMN "run_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "service_due_date" date;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "service_due_km" double precision;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "service_due_hours" double precision;