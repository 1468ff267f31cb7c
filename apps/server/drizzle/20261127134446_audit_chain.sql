CREATE TABLE "chain_heads" (
	"id" text PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"chain_seq" bigint NOT NULL,
	"entry_hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signature" "bytea" NOT NULL,
	"certificate_der" "bytea" NOT NULL,
	"timestamp_token" "bytea"
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "entry_hash" text;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD COLUMN "entry_hash" text;--> statement-breakpoint
CREATE INDEX "chain_heads_chain_idx" ON "chain_heads" USING btree ("chain","chain_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_idx" ON "audit_events" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_events_unlinked_idx" ON "audit_events" USING btree ("created_at","id") WHERE chain_seq is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seal_use_records_chain_seq_idx" ON "seal_use_records" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "seal_use_records_unlinked_idx" ON "seal_use_records" USING btree ("seq") WHERE chain_seq is null;