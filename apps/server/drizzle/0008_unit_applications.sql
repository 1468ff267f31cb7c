CREATE TABLE "enterprise_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"ran_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"application_id" text,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"social_credit_code" text NOT NULL,
	"unit_name" text NOT NULL,
	"legal_person_name" text NOT NULL,
	"legal_identity_sha256" text NOT NULL,
	"result_status" text NOT NULL,
	"response_info" text NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_verifications_ran_id_unique" UNIQUE("ran_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_enterprises" (
	"social_credit_code" text PRIMARY KEY NOT NULL,
	"unit_name" text NOT NULL,
	"legal_person_name" text NOT NULL,
	"legal_person_identity_no" text NOT NULL,
	"unit_type_code" text DEFAULT '02' NOT NULL,
	"region_code" text,
	"outcome" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"applicant_account_id" text NOT NULL,
	"applicant_person_id" text NOT NULL,
	"apply_type" text NOT NULL,
	"business_type" text NOT NULL,
	"step" text DEFAULT '1' NOT NULL,
	"apply_status" text DEFAULT 'TEMPORARY_SAVE' NOT NULL,
	"unit_id" text,
	"social_credit_code" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"legal_person_identity_no" text DEFAULT '' NOT NULL,
	"seal_types" text DEFAULT '' NOT NULL,
	"seal_id" text DEFAULT '' NOT NULL,
	"form" jsonb NOT NULL,
	"legal_pin_hash" text,
	"manager_pin_hash" text,
	"company_verify_pass" boolean,
	"company_verify_reason" text,
	"serial_no" text,
	"face_serial_no" text,
	"signed_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fail_reason" text,
	"fail_seal_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"success_seal_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviewed_by" text,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "unit_applications" ADD CONSTRAINT "unit_applications_applicant_account_id_accounts_id_fk" FOREIGN KEY ("applicant_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_applications" ADD CONSTRAINT "unit_applications_applicant_person_id_persons_id_fk" FOREIGN KEY ("applicant_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_applications" ADD CONSTRAINT "unit_applications_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_verifications_application_idx" ON "enterprise_verifications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "unit_applications_applicant_idx" ON "unit_applications" USING btree ("applicant_person_id","apply_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "unit_applications_legal_idx" ON "unit_applications" USING btree ("legal_person_identity_no","apply_status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "unit_applications_review_idx" ON "unit_applications" USING btree ("apply_status","submitted_at");--> statement-breakpoint
CREATE INDEX "unit_applications_unit_idx" ON "unit_applications" USING btree ("social_credit_code","apply_status");