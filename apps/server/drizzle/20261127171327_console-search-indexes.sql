DROP INDEX "audit_events_account_idx";--> statement-breakpoint
CREATE INDEX "persons_identity_no_idx" ON "persons" USING btree ("identity_no");--> statement-breakpoint
CREATE INDEX "persons_name_idx" ON "persons" USING btree ("name");--> statement-breakpoint
CREATE INDEX "persons_name_trgm_idx" ON "persons" USING gin (regexp_replace("name", '(.)', '\1\1\1', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "units_name_trgm_idx" ON "units" USING gin (regexp_replace("name", '(.)', '\1\1\1', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_action_time_idx" ON "audit_events" USING btree ("action" text_pattern_ops,"created_at");--> statement-breakpoint
CREATE INDEX "audit_events_target_time_idx" ON "audit_events" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "seals_created_idx" ON "seals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "seal_use_records_time_idx" ON "seal_use_records" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "seal_use_records_user_time_idx" ON "seal_use_records" USING btree ("user_person_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "seal_use_records_platform_time_idx" ON "seal_use_records" USING btree ("platform_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id","created_at");