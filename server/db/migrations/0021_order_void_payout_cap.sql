ALTER TABLE "orders" ADD COLUMN "void_reason" text;--> statement-breakpoint
-- a void order always says why, and only a void order has a reason
ALTER TABLE "orders" ADD CONSTRAINT "orders_void_has_reason" CHECK (("status" = 'void') = ("void_reason" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_changed_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A stored payout rate of 1 or more lets an "up" and a "down" order on the same tick earn money without risk,
-- so such a rate cannot stay: it is lowered to the default operator cap (0.95, DEFAULT_PAYOUT_CAP_BPS in
-- contract/constants.ts), the highest rate the platform offers without an operator's word, before the check
-- below makes it impossible to store again. Orders already placed keep the rate they were placed at.
UPDATE "seconds_options" SET "payout_bps" = 9500 WHERE "payout_bps" >= 10000;--> statement-breakpoint
ALTER TABLE "seconds_options" ADD CONSTRAINT "seconds_options_payout_below_one" CHECK ("seconds_options"."payout_bps" < 10000);
