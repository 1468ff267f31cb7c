ALTER TABLE "trust_crls" ADD COLUMN "revoked_count" integer;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD COLUMN "document_file_id" text;--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD CONSTRAINT "seal_use_records_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "seals_one_personal_seal_idx" ON "seals" USING btree ("person_id") WHERE seal_type_code = '1000' and status in ('1', '4', '5', '7', '8', '12', '13');--> statement-breakpoint
CREATE UNIQUE INDEX "seals_one_unit_seal_per_type_idx" ON "seals" USING btree ("unit_id","seal_type_code") WHERE unit_id is not null and seal_type_code in ('01', '02', '03', '04', '05') and status in ('1', '4', '5', '7', '8', '12', '13');