CREATE TABLE "personal_seal_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"tel" text NOT NULL,
	"identity_checked" boolean DEFAULT false NOT NULL,
	"front_serial" text,
	"back_serial" text,
	"face_serial_no" text,
	"agreement_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_id" text,
	"style" text,
	"step" integer DEFAULT 1 NOT NULL,
	"seal_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_seal_applications" ADD CONSTRAINT "personal_seal_applications_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_seal_applications" ADD CONSTRAINT "personal_seal_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_seal_applications" ADD CONSTRAINT "personal_seal_applications_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_seal_applications_person_idx" ON "personal_seal_applications" USING btree ("person_id","status");