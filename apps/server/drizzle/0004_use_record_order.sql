ALTER TABLE "seal_use_records" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "seal_use_records_seal_seq_idx" ON "seal_use_records" USING btree ("seal_id","seq");