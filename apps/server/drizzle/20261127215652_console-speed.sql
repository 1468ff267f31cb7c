CREATE TABLE "dashboard_days" (
	"figure" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "dashboard_days_figure_day_pk" PRIMARY KEY("figure","day")
);
--> statement-breakpoint
CREATE INDEX "accounts_person_idx" ON "accounts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "unit_applications_reviewed_idx" ON "unit_applications" USING btree ("reviewed_at","submitted_at","apply_status");