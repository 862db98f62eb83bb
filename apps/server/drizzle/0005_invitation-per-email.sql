-- Older data may hold several open invitations of one address: keep the newest, withdraw the rest.
UPDATE "invitations" SET "withdrawn_at" = now()
WHERE "used_at" IS NULL AND "withdrawn_at" IS NULL AND "id" NOT IN (
  SELECT DISTINCT ON ("email") "id" FROM "invitations"
  WHERE "used_at" IS NULL AND "withdrawn_at" IS NULL
  ORDER BY "email", "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_per_email" ON "invitations" USING btree ("email") WHERE "invitations"."used_at" is null and "invitations"."withdrawn_at" is null;
