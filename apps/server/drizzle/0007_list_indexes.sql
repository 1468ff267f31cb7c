-- Contains-search of the lists uses trigram indexes (pg_trgm ships with PostgreSQL and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "units_legal_person_idx" ON "units" USING btree ("legal_person_id");--> statement-breakpoint
CREATE INDEX "seal_use_records_remark_trgm_idx" ON "seal_use_records" USING gin (regexp_replace("remark", '(.)', '\1\1\1', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seal_use_records_file_name_trgm_idx" ON "seal_use_records" USING gin (regexp_replace("file_name", '(.)', '\1\1\1', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seal_use_records_user_name_trgm_idx" ON "seal_use_records" USING gin (regexp_replace("user_name", '(.)', '\1\1\1', 'g') gin_trgm_ops);