DROP INDEX "files_owner_idx";--> statement-breakpoint
CREATE INDEX "files_owner_created_idx" ON "files" USING btree ("owner_account_id","created_at");