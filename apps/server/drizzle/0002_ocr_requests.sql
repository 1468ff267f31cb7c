CREATE TABLE "ocr_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"img_type" text NOT NULL,
	"requested_by" text NOT NULL,
	"image_sha256" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ocr_requests_requester_image_idx" ON "ocr_requests" USING btree ("requested_by","image_sha256");