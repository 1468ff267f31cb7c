CREATE TABLE "seals" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"unit_id" text,
	"person_id" text,
	"seal_name" text NOT NULL,
	"seal_type_code" text NOT NULL,
	"seal_code" text NOT NULL,
	"status" text NOT NULL,
	"use_type" text DEFAULT '2' NOT NULL,
	"image_file_id" text NOT NULL,
	"image_sha256" text NOT NULL,
	"cert_start_time" timestamp with time zone NOT NULL,
	"cert_end_time" timestamp with time zone NOT NULL,
	"failure_reason" text,
	"revoked_at" timestamp with time zone,
	"revoked_by_person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seal_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"seal_id" text NOT NULL,
	"algorithm" text NOT NULL,
	"public_key_der" "bytea" NOT NULL,
	"wrapped_private_key" "bytea" NOT NULL,
	"wrapping_key_id" text NOT NULL,
	"certificate_der" "bytea" NOT NULL,
	"serial_number" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason_code" integer,
	"revocation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seal_credentials_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "seal_pin_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"seal_id" text NOT NULL,
	"face_serial_no" text NOT NULL,
	"person_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seal_pins" (
	"seal_id" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"change_key_hash" text,
	"change_key_person_id" text,
	"change_key_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"certificate_der" "bytea" NOT NULL,
	"wrapped_private_key" "bytea" NOT NULL,
	"wrapping_key_id" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_credentials_purpose_unique" UNIQUE("purpose")
);
--> statement-breakpoint
CREATE TABLE "trust_ca" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"subject" text NOT NULL,
	"serial_number" text NOT NULL,
	"certificate_der" "bytea" NOT NULL,
	"wrapped_private_key" "bytea" NOT NULL,
	"wrapping_key_id" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_ca_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "trust_crls" (
	"id" text PRIMARY KEY NOT NULL,
	"crl_number" integer NOT NULL,
	"der" "bytea" NOT NULL,
	"this_update" timestamp with time zone NOT NULL,
	"next_update" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_crls_crl_number_unique" UNIQUE("crl_number")
);
--> statement-breakpoint
CREATE TABLE "seal_use_records" (
	"id" text PRIMARY KEY NOT NULL,
	"seal_id" text NOT NULL,
	"user_person_id" text,
	"user_name" text,
	"file_name" text NOT NULL,
	"document_sha256" text NOT NULL,
	"business_name" text,
	"platform_name" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handwriting_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"identity_type" text NOT NULL,
	"identity_no" text NOT NULL,
	"person_name" text NOT NULL,
	"account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"pass" boolean NOT NULL,
	"compared" boolean NOT NULL,
	"score" real NOT NULL,
	"sign_data" jsonb NOT NULL,
	"file_id" text NOT NULL,
	"device" jsonb,
	"fingerprint" text,
	"chosen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_revoked_by_person_id_persons_id_fk" FOREIGN KEY ("revoked_by_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_credentials" ADD CONSTRAINT "seal_credentials_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_pin_resets" ADD CONSTRAINT "seal_pin_resets_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_pin_resets" ADD CONSTRAINT "seal_pin_resets_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_pins" ADD CONSTRAINT "seal_pins_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_pins" ADD CONSTRAINT "seal_pins_change_key_person_id_persons_id_fk" FOREIGN KEY ("change_key_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD CONSTRAINT "seal_use_records_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD CONSTRAINT "seal_use_records_user_person_id_persons_id_fk" FOREIGN KEY ("user_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handwriting_samples" ADD CONSTRAINT "handwriting_samples_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handwriting_samples" ADD CONSTRAINT "handwriting_samples_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seals_unit_idx" ON "seals" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "seals_person_idx" ON "seals" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "seals_code_idx" ON "seals" USING btree ("seal_code","seal_type_code");--> statement-breakpoint
CREATE INDEX "seal_credentials_seal_idx" ON "seal_credentials" USING btree ("seal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_pin_resets_face_uq" ON "seal_pin_resets" USING btree ("face_serial_no");--> statement-breakpoint
CREATE INDEX "seal_use_records_seal_time_idx" ON "seal_use_records" USING btree ("seal_id","created_at");--> statement-breakpoint
CREATE INDEX "handwriting_samples_person_idx" ON "handwriting_samples" USING btree ("identity_type","identity_no");