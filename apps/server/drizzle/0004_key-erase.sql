CREATE TABLE "erase_keys" (
	"model_id" uuid PRIMARY KEY NOT NULL,
	"key_enc" text NOT NULL,
	"kcv" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erase_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"user_email" text DEFAULT '' NOT NULL,
	"sn" text DEFAULT '' NOT NULL,
	"esn" text DEFAULT '' NOT NULL,
	"rn" text DEFAULT '' NOT NULL,
	"model" text,
	"status" integer NOT NULL,
	"is_reported" boolean DEFAULT false NOT NULL,
	"is_respond" boolean DEFAULT false NOT NULL,
	"additional_information" text DEFAULT '' NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_material" (
	"name" text PRIMARY KEY NOT NULL,
	"private_key_enc" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erase_keys" ADD CONSTRAINT "erase_keys_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erase_records" ADD CONSTRAINT "erase_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erase_records" ADD CONSTRAINT "erase_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erase_records_company_idx" ON "erase_records" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "erase_records_status_idx" ON "erase_records" USING btree ("status");