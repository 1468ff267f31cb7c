CREATE TABLE "real_name_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"identity_sha256" text NOT NULL,
	"provider" text NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_persons" (
	"phone" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"identity_no" text NOT NULL,
	"outcome" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "unit_applications" ADD COLUMN "legal_signed_by" text;--> statement-breakpoint
CREATE INDEX "real_name_checks_phone_idx" ON "real_name_checks" USING btree ("phone","created_at");