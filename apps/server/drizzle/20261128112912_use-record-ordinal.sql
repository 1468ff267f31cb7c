CREATE TABLE "seal_use_counts" (
	"seal_id" text PRIMARY KEY NOT NULL,
	"records" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_use_records" ADD COLUMN "seal_ordinal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seal_use_counts" ADD CONSTRAINT "seal_use_counts_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The records there are, numbered in writing order within their seal, and each seal's count.
UPDATE "seal_use_records" AS r SET "seal_ordinal" = o.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "seal_id" ORDER BY "seq") AS n FROM "seal_use_records") AS o
WHERE r."id" = o."id";--> statement-breakpoint
INSERT INTO "seal_use_counts" ("seal_id", "records") SELECT "seal_id", count(*) FROM "seal_use_records" GROUP BY "seal_id";--> statement-breakpoint
CREATE UNIQUE INDEX "seal_use_records_seal_ordinal_idx" ON "seal_use_records" USING btree ("seal_id","seal_ordinal");--> statement-breakpoint
-- A record written without its ordinal (every use: the column's default 0) is numbered here: the seal's
-- counter row is locked until the writing transaction ends, so ordinals have no gap (a rolled-back use gives
-- its number back), and its seq is drawn again after that lock, so within a seal seq follows the ordinal
-- (the default seq was drawn before the lock: two uses of one seal could have taken them in either order).
-- A row written with its ordinal (a record put back as it was) is taken as it is; the unique index above
-- refuses a clash.
CREATE FUNCTION "seal_use_records_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seal_ordinal = 0 THEN
    INSERT INTO seal_use_counts AS c (seal_id, records) VALUES (NEW.seal_id, 1)
    ON CONFLICT (seal_id) DO UPDATE SET records = c.records + 1
    RETURNING c.records INTO NEW.seal_ordinal;
    NEW.seq := nextval(pg_get_serial_sequence('seal_use_records', 'seq'));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "seal_use_records_number" BEFORE INSERT ON "seal_use_records" FOR EACH ROW EXECUTE FUNCTION "seal_use_records_number"();
