CREATE TABLE "device_cookies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_cookies_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "withheld" text;--> statement-breakpoint
-- Mail written before this release may hold live password-reset links: withhold them now.
UPDATE "outbox" SET
  "text" = regexp_replace("text", 'https?://\S+/resetpassword/\S+', '[reset link withheld: sent only to the addressee]', 'g'),
  "html" = CASE WHEN "html" IS NULL THEN NULL
    ELSE regexp_replace("html", 'https?://[^\s"<>]+/resetpassword/[^\s"<>]+', '[reset link withheld: sent only to the addressee]', 'g') END,
  "withheld" = 'reset link'
WHERE "text" ~ 'https?://\S+/resetpassword/\S+' OR "html" ~ '/resetpassword/';--> statement-breakpoint
-- Those links may have been read by administrators: none of them works any more.
UPDATE "password_resets" SET "used_at" = now() WHERE "used_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "brand_id" integer;--> statement-breakpoint
-- Sessions opened before this release belong to their user's brand (the customer's, else the default).
UPDATE "sessions" s SET "brand_id" = COALESCE(
  (SELECT c."brand_id" FROM "users" u JOIN "customers" c ON c."id" = u."customer_id" WHERE u."id" = s."user_id"),
  (SELECT b."id" FROM "brands" b ORDER BY b."is_default" DESC, b."id" LIMIT 1));--> statement-breakpoint
DELETE FROM "sessions" WHERE "brand_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_cookies" ADD CONSTRAINT "device_cookies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_cookies_user_idx" ON "device_cookies" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;