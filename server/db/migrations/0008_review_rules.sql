ALTER TABLE "recharges" ADD COLUMN "upload_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_principal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- recharges made before this rule: the earliest one per upload keeps the reference, later reuses stay unlinked
UPDATE "recharges" SET "upload_id" = "first"."upload_id" FROM (
  SELECT DISTINCT ON ("u"."id") "u"."id" AS "upload_id", "r"."id" AS "recharge_id"
  FROM "recharges" "r" JOIN "uploads" "u" ON "u"."name" = replace("r"."screenshot", '/api/files/', '')
  ORDER BY "u"."id", "r"."id"
) AS "first" WHERE "recharges"."id" = "first"."recharge_id";--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_upload" ON "recharges" USING btree ("upload_id");
