CREATE TABLE "seal_auths" (
	"id" text PRIMARY KEY NOT NULL,
	"seal_id" text NOT NULL,
	"grantee_person_id" text NOT NULL,
	"grantee_phone" text NOT NULL,
	"grantor_person_id" text NOT NULL,
	"grantor_role" integer NOT NULL,
	"auth_use_type" text NOT NULL,
	"use_type" text NOT NULL,
	"scope" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"letter_file_id" text,
	"use_password_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"phone_verified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_members" (
	"id" text PRIMARY KEY NOT NULL,
	"unit_id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"identity_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_auths" ADD CONSTRAINT "seal_auths_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_auths" ADD CONSTRAINT "seal_auths_grantee_person_id_persons_id_fk" FOREIGN KEY ("grantee_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_auths" ADD CONSTRAINT "seal_auths_grantor_person_id_persons_id_fk" FOREIGN KEY ("grantor_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_auths" ADD CONSTRAINT "seal_auths_letter_file_id_files_id_fk" FOREIGN KEY ("letter_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_auths" ADD CONSTRAINT "seal_auths_revoked_by_person_id_persons_id_fk" FOREIGN KEY ("revoked_by_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_members" ADD CONSTRAINT "unit_members_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seal_auths_seal_idx" ON "seal_auths" USING btree ("seal_id","status");--> statement-breakpoint
CREATE INDEX "seal_auths_grantee_idx" ON "seal_auths" USING btree ("grantee_person_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_auths_one_live_idx" ON "seal_auths" USING btree ("seal_id","grantee_person_id") WHERE status in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "unit_members_person_uq" ON "unit_members" USING btree ("unit_id","identity_no");--> statement-breakpoint
CREATE INDEX "unit_members_name_idx" ON "unit_members" USING btree ("unit_id","name");