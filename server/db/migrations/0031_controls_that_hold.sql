CREATE TABLE "money_rule_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"change" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_by_name" text NOT NULL,
	"proposed_at" bigint NOT NULL,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" bigint
);
--> statement-breakpoint
ALTER TABLE "ops_audit" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "ops_audit" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "ops_audit" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_type" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_bank" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_branch" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_holder" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_number" text;--> statement-breakpoint
CREATE INDEX "money_rule_changes_status" ON "money_rule_changes" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ops_audit_chain_seq" ON "ops_audit" USING btree ("chain_seq");;--> statement-breakpoint
-- The hash of one audit row: its place, the previous row's hash and every field, as one JSON array (which keeps
-- a null apart from an empty text). The insert trigger and the reconcile report both call this one function.
CREATE FUNCTION "ops_audit_row_hash"(
  "seq" bigint, "prev" text, "operator_id" integer, "actor" text, "at" bigint, "action" text, "target" text,
  "input" text, "before" text, "after" text, "ip" text
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(json_build_array(seq, prev, operator_id, actor, at, action, target, input, before, after, ip)::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Existing rows are chained in id order, once, before the chain is enforced.
ALTER TABLE "ops_audit" DISABLE TRIGGER "ops_audit_no_update_or_delete";--> statement-breakpoint
DO $$
DECLARE
  r record;
  n bigint := 0;
  last text := '';
BEGIN
  FOR r IN SELECT * FROM "ops_audit" ORDER BY "id" LOOP
    n := n + 1;
    UPDATE "ops_audit" SET "chain_seq" = n, "prev_hash" = last,
      "hash" = "ops_audit_row_hash"(n, last, r."operator_id", r."actor", r."at", r."action", r."target", r."input", r."before", r."after", r."ip")
      WHERE "id" = r."id" RETURNING "hash" INTO last;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "ops_audit" ENABLE TRIGGER "ops_audit_no_update_or_delete";--> statement-breakpoint
ALTER TABLE "ops_audit" ALTER COLUMN "chain_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ops_audit" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ops_audit" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
-- Every new row is chained to the last one. The transaction-scoped lock makes concurrent writers (several
-- server processes on one PostgreSQL) take their places one at a time, each seeing the row committed before
-- it; it is held until the writer's transaction ends, so a row that rolls back leaves no gap in the chain.
CREATE FUNCTION "ops_audit_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ops_audit_chain'));
  SELECT "chain_seq", "hash" INTO last_seq, last_hash FROM "ops_audit" ORDER BY "chain_seq" DESC LIMIT 1;
  NEW."chain_seq" := coalesce(last_seq, 0) + 1;
  NEW."prev_hash" := coalesce(last_hash, '');
  NEW."hash" := "ops_audit_row_hash"(NEW."chain_seq", NEW."prev_hash", NEW."operator_id", NEW."actor", NEW."at", NEW."action",
    NEW."target", NEW."input", NEW."before", NEW."after", NEW."ip");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ops_audit_chain" BEFORE INSERT ON "ops_audit" FOR EACH ROW EXECUTE FUNCTION "ops_audit_chain"();--> statement-breakpoint
-- Emptying the table at once is refused as every update and delete is.
CREATE TRIGGER "ops_audit_no_truncate" BEFORE TRUNCATE ON "ops_audit" FOR EACH STATEMENT EXECUTE FUNCTION "ops_audit_append_only"();--> statement-breakpoint
-- Each past withdrawal keeps where it went, from the card where it still exists.
UPDATE "withdrawals" AS w SET "payout_type" = c."type", "payout_bank" = c."bank_name", "payout_branch" = c."branch",
  "payout_holder" = c."holder", "payout_number" = c."number"
  FROM "bank_cards" AS c WHERE c."id" = w."card_id" AND w."payout_type" IS NULL;
