CREATE TABLE "password_guards" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"tries" integer NOT NULL,
	"since" bigint NOT NULL,
	CONSTRAINT "password_guards_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
DROP INDEX "bank_cards_number";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_until" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_user_number" ON "bank_cards" USING btree ("user_id","number");--> statement-breakpoint
-- Accounts that differ only in letter case cannot be merged automatically (each has its own money): name
-- them so the operator can rename one, instead of failing on the index with a bare duplicate-key error.
DO $$
DECLARE
	clashes text;
BEGIN
	SELECT string_agg(accounts, '; ') INTO clashes
	FROM (SELECT string_agg(account || ' (id ' || id || ')', ', ' ORDER BY id) AS accounts FROM users GROUP BY lower(account) HAVING count(*) > 1) AS clash;
	IF clashes IS NOT NULL THEN
		RAISE EXCEPTION 'accounts differing only in letter case must be renamed before this migration: %', clashes;
	END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_lower_unique" ON "users" USING btree (lower("account"));
