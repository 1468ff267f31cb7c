CREATE TABLE "platform_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"seal_id" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_request_nonces" (
	"platform_id" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"token_sha256" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" text PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"platform_type" text NOT NULL,
	"usage_notes" text,
	"totality" integer,
	"api_url" text,
	"sdk_url" text,
	"webhook_url" text,
	"client_id" text NOT NULL,
	"secret_wrapped" text NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 600 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seal_bindings" (
	"id" text PRIMARY KEY NOT NULL,
	"seal_id" text NOT NULL,
	"platform_id" text NOT NULL,
	"person_id" text NOT NULL,
	"auth_id" text,
	"use_type" text NOT NULL,
	"bind_state" text DEFAULT '1' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD COLUMN "platform_id" text;--> statement-breakpoint
ALTER TABLE "platform_documents" ADD CONSTRAINT "platform_documents_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_documents" ADD CONSTRAINT "platform_documents_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_documents" ADD CONSTRAINT "platform_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_request_nonces" ADD CONSTRAINT "platform_request_nonces_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_tokens" ADD CONSTRAINT "platform_tokens_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_bindings" ADD CONSTRAINT "seal_bindings_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_bindings" ADD CONSTRAINT "seal_bindings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_bindings" ADD CONSTRAINT "seal_bindings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_bindings" ADD CONSTRAINT "seal_bindings_auth_id_seal_auths_id_fk" FOREIGN KEY ("auth_id") REFERENCES "public"."seal_auths"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_bindings" ADD CONSTRAINT "seal_bindings_cancelled_by_person_id_persons_id_fk" FOREIGN KEY ("cancelled_by_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_documents_platform_idx" ON "platform_documents" USING btree ("platform_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_request_nonces_uq" ON "platform_request_nonces" USING btree ("platform_id","nonce");--> statement-breakpoint
CREATE INDEX "platform_request_nonces_time_idx" ON "platform_request_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_tokens_sha_uq" ON "platform_tokens" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "platform_tokens_platform_idx" ON "platform_tokens" USING btree ("platform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_client_id_uq" ON "platforms" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_client_name_uq" ON "platforms" USING btree ("client_name");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_platform_idx" ON "webhook_deliveries" USING btree ("platform_id","created_at");--> statement-breakpoint
CREATE INDEX "seal_bindings_seal_idx" ON "seal_bindings" USING btree ("seal_id","created_at");--> statement-breakpoint
CREATE INDEX "seal_bindings_person_idx" ON "seal_bindings" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "seal_bindings_platform_idx" ON "seal_bindings" USING btree ("platform_id","bind_state");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_bindings_one_in_effect_idx" ON "seal_bindings" USING btree ("seal_id","platform_id") WHERE bind_state = '1';--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD CONSTRAINT "seal_use_records_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;