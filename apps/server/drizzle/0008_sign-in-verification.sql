CREATE TABLE "login_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"password_fingerprint" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_verifications_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "login_verifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_codes_with_totp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "login_verifications" ADD CONSTRAINT "login_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts that already use an authenticator keep accepting e-mail codes until they choose otherwise.
UPDATE "users" SET "email_codes_with_totp" = true WHERE "mfa" = 'totp';
