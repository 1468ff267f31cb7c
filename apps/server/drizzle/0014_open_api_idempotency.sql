CREATE TABLE "platform_idempotency_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_sha256" text NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"document_id" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "seal_bindings_platform_idx";--> statement-breakpoint
ALTER TABLE "platform_idempotency_keys" ADD CONSTRAINT "platform_idempotency_keys_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_idempotency_keys" ADD CONSTRAINT "platform_idempotency_keys_document_id_platform_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."platform_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_idempotency_keys_uq" ON "platform_idempotency_keys" USING btree ("platform_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "platform_idempotency_keys_time_idx" ON "platform_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seal_bindings_platform_in_effect_idx" ON "seal_bindings" USING btree ("platform_id","bound_at","id","seal_id","auth_id") WHERE bind_state = '1';