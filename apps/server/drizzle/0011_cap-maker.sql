CREATE TABLE "cap_builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"cap_version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"model_id" uuid,
	"model_name" text NOT NULL,
	"label" text NOT NULL,
	"file_name" text NOT NULL,
	"file_count" integer NOT NULL,
	"source_bytes" bigint NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_set_id" uuid NOT NULL,
	"new_key_set_id" uuid,
	"key_source" text,
	"output_blob_id" uuid,
	"sha256" text,
	"size" bigint,
	"kcv" text,
	"kek_fingerprint" text,
	"signer_fingerprint" text,
	"failure" jsonb,
	"created_by" uuid,
	"creator_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uld_key_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"generation" integer,
	"name" text NOT NULL,
	"kek_public_pem" text NOT NULL,
	"kek_private_enc" text NOT NULL,
	"kek_fingerprint" text NOT NULL,
	"signing_public_pem" text NOT NULL,
	"signing_private_enc" text,
	"signing_fingerprint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_key_set_id_uld_key_sets_id_fk" FOREIGN KEY ("key_set_id") REFERENCES "public"."uld_key_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_new_key_set_id_uld_key_sets_id_fk" FOREIGN KEY ("new_key_set_id") REFERENCES "public"."uld_key_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_output_blob_id_blobs_id_fk" FOREIGN KEY ("output_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_builds" ADD CONSTRAINT "cap_builds_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uld_key_sets" ADD CONSTRAINT "uld_key_sets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uld_key_sets" ADD CONSTRAINT "uld_key_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cap_builds_list_idx" ON "cap_builds" USING btree ("kind","company_id","created_at");--> statement-breakpoint
CREATE INDEX "cap_builds_key_set_idx" ON "cap_builds" USING btree ("key_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uld_key_sets_current_idx" ON "uld_key_sets" USING btree ("company_id","kind") WHERE "uld_key_sets"."status" = 'current';--> statement-breakpoint
CREATE INDEX "uld_key_sets_company_idx" ON "uld_key_sets" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "uld_key_sets_kek_idx" ON "uld_key_sets" USING btree ("kek_fingerprint");--> statement-breakpoint
CREATE INDEX "uld_key_sets_signing_idx" ON "uld_key_sets" USING btree ("signing_fingerprint");