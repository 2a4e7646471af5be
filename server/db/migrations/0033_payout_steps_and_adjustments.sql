CREATE TABLE "adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"corrects_recharge" integer,
	"corrects_ledger" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_by_name" text NOT NULL,
	"proposed_at" bigint NOT NULL,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" bigint,
	"decision_note" text,
	CONSTRAINT "adjustments_amount_positive" CHECK ("adjustments"."amount" > 0),
	CONSTRAINT "adjustments_corrects_one" CHECK ("adjustments"."corrects_recharge" is null or "adjustments"."corrects_ledger" is null)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_state" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_failure" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_marked_at" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_marked_by" text;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_corrects_recharge_recharges_id_fk" FOREIGN KEY ("corrects_recharge") REFERENCES "public"."recharges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_corrects_ledger_ledger_id_fk" FOREIGN KEY ("corrects_ledger") REFERENCES "public"."ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_status" ON "adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "adjustments_user" ON "adjustments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_payout_state" ON "withdrawals" USING btree ("payout_state");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_reference" ON "withdrawals" USING btree (coalesce("payout_type", ''),"payout_reference") WHERE "withdrawals"."payout_reference" is not null;--> statement-breakpoint
-- Withdrawals approved before payouts were marked were paid by hand at approval, as the desk then worked: they
-- count as paid, at their approval time, by "migration", without a bank reference (none was recorded).
UPDATE "withdrawals" SET "payout_state" = 'paid', "payout_marked_at" = "reviewed_at", "payout_marked_by" = 'migration' WHERE "status" = 'success';
