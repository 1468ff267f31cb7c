CREATE TABLE "review_claims" (
	"application_id" text PRIMARY KEY NOT NULL,
	"claimant_key" text NOT NULL,
	"claimant_name" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_application_id_unit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."unit_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_applications_review_search_trgm_idx" ON "unit_applications" USING gin (regexp_replace(("unit_name" || ' ' || "social_credit_code" || ' ' || coalesce("form" ->> 'legalPersonName', '') || ' ' || coalesce("form" ->> 'operatorRealName', '')), '(.)', '\1\1\1', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unit_applications_review_door_idx" ON "unit_applications" USING btree ("apply_status",coalesce("form" ->> 'door', 'ONLINE'),"submitted_at","id");--> statement-breakpoint
CREATE INDEX "unit_applications_offline_materials_idx" ON "unit_applications" USING btree ("submitted_at","id") WHERE deleted_at is null and submitted_at is not null and form ->> 'door' = 'OFFLINE';