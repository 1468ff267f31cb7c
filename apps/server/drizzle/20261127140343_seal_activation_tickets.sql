CREATE TABLE "seal_activation_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"ran_id_sha256" text NOT NULL,
	"seal_id" text NOT NULL,
	"person_id" text NOT NULL,
	"account_id" text NOT NULL,
	"front_file_id" text NOT NULL,
	"back_file_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_activation_tickets" ADD CONSTRAINT "seal_activation_tickets_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_activation_tickets" ADD CONSTRAINT "seal_activation_tickets_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_activation_tickets" ADD CONSTRAINT "seal_activation_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_activation_tickets" ADD CONSTRAINT "seal_activation_tickets_front_file_id_files_id_fk" FOREIGN KEY ("front_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_activation_tickets" ADD CONSTRAINT "seal_activation_tickets_back_file_id_files_id_fk" FOREIGN KEY ("back_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seal_activation_tickets_ran_id_idx" ON "seal_activation_tickets" USING btree ("ran_id_sha256");--> statement-breakpoint
CREATE INDEX "seal_activation_tickets_seal_person_idx" ON "seal_activation_tickets" USING btree ("seal_id","person_id");