CREATE TABLE "gov_face_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"auth_code_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"person_id" text NOT NULL,
	"identity_type" text NOT NULL,
	"identity_no" text NOT NULL,
	"real_name" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"msg" text,
	"face_verification_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "gov_face_tickets_ticket_hash_unique" UNIQUE("ticket_hash"),
	CONSTRAINT "gov_face_tickets_auth_code_hash_unique" UNIQUE("auth_code_hash")
);
--> statement-breakpoint
CREATE TABLE "samr_authentications" (
	"id" text PRIMARY KEY NOT NULL,
	"requested_by" text NOT NULL,
	"person_id" text NOT NULL,
	"mode" text NOT NULL,
	"social_credit_code_hash" text NOT NULL,
	"unit_name_hash" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"msg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gov_auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"identity_type" text NOT NULL,
	"identity_no" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gov_faces" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"identity_type" text NOT NULL,
	"identity_no" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"msg" text,
	"selfie_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"captured_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "gov_face_tickets_requester_idx" ON "gov_face_tickets" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "samr_authentications_requester_idx" ON "samr_authentications" USING btree ("requested_by","created_at");