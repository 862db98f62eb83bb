CREATE TABLE "approval_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid,
	"requester_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decider_email" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_keys" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"sha256" text NOT NULL,
	"is_generated" boolean NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_requests" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"input_sha256" text NOT NULL,
	"input_blob_id" uuid,
	"input_removed_at" timestamp with time zone,
	"comment" text NOT NULL,
	"label" text,
	"version" text,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schemes" jsonb,
	"sign_status" text DEFAULT 'waiting' NOT NULL,
	"output_blob_id" uuid,
	"output_sha256" text,
	"output_size" bigint,
	"key_sha256" text,
	"signed_at" timestamp with time zone,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_keys" ADD CONSTRAINT "signer_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_keys" ADD CONSTRAINT "signer_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_requests" ADD CONSTRAINT "signer_requests_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_requests" ADD CONSTRAINT "signer_requests_input_blob_id_blobs_id_fk" FOREIGN KEY ("input_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_requests" ADD CONSTRAINT "signer_requests_output_blob_id_blobs_id_fk" FOREIGN KEY ("output_blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_events_request_idx" ON "approval_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "approval_requests_list_idx" ON "approval_requests" USING btree ("kind","company_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_requester_idx" ON "approval_requests" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "signer_requests_input_idx" ON "signer_requests" USING btree ("input_blob_id");