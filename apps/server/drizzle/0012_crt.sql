CREATE TABLE "crt_authorities" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"sha256" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"crl_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crt_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"request_id" uuid,
	"sn" text NOT NULL,
	"model_name" text NOT NULL,
	"serial" text NOT NULL,
	"subject" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"sha256" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"cap_blob_id" uuid,
	"cap_sha256" text,
	"cap_size" bigint,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"revocation_note" text,
	"revoked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crt_requests" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"model_id" uuid,
	"model_name" text NOT NULL,
	"selection" text NOT NULL,
	"sns" jsonb NOT NULL,
	"label" text NOT NULL,
	"comment" text NOT NULL,
	"issue_status" text DEFAULT 'waiting' NOT NULL,
	"output_blob_id" uuid,
	"output_sha256" text,
	"output_size" bigint,
	"file_name" text,
	"failure" jsonb,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "crt_authorities" ADD CONSTRAINT "crt_authorities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_certificates" ADD CONSTRAINT "crt_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_certificates" ADD CONSTRAINT "crt_certificates_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_certificates" ADD CONSTRAINT "crt_certificates_cap_blob_id_blobs_id_fk" FOREIGN KEY ("cap_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_certificates" ADD CONSTRAINT "crt_certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_requests" ADD CONSTRAINT "crt_requests_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_requests" ADD CONSTRAINT "crt_requests_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crt_requests" ADD CONSTRAINT "crt_requests_output_blob_id_blobs_id_fk" FOREIGN KEY ("output_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crt_certificates_serial_idx" ON "crt_certificates" USING btree ("company_id","serial");--> statement-breakpoint
CREATE INDEX "crt_certificates_list_idx" ON "crt_certificates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "crt_certificates_sn_idx" ON "crt_certificates" USING btree ("company_id","sn");--> statement-breakpoint
CREATE INDEX "crt_certificates_request_idx" ON "crt_certificates" USING btree ("request_id");