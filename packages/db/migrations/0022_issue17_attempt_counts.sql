CREATE TABLE "attempt_counts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"until_ms" bigint NOT NULL,
	"last_ms" bigint NOT NULL,
	"expires_ms" bigint NOT NULL,
	CONSTRAINT "attempt_counts_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "attempt_counts_expires_idx" ON "attempt_counts" USING btree ("expires_ms");