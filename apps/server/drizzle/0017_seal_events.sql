CREATE TABLE "seal_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seal_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_events" ADD CONSTRAINT "seal_events_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seal_events_seal_idx" ON "seal_events" USING btree ("seal_id","occurred_at");--> statement-breakpoint
CREATE INDEX "seal_events_unhandled_idx" ON "seal_events" USING btree ("created_at") WHERE handled_at is null;