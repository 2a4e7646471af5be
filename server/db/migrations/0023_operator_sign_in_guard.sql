CREATE TABLE "operator_sign_in_failures" (
	"operator_id" integer NOT NULL,
	"address" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"window_start" bigint NOT NULL,
	"locked_until" bigint,
	CONSTRAINT "operator_sign_in_failures_operator_id_address_pk" PRIMARY KEY("operator_id","address")
);
--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "first_approved_at" bigint;--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "failed_tries";--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "locked_until";