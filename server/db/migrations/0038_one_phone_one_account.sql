ALTER TABLE "users" ADD COLUMN "verified_phone" text;--> statement-breakpoint
-- One verified phone, one account. A database that already holds two accounts on one number (in any written
-- form: "+86…", "0086…", "86…") is refused here, naming them, rather than letting one of them silently lose its
-- number: the operator decides which account keeps it (docs/operations.md, "Upgrade notes"). A phone that is not
-- a number (`+` and 6–15 digits) proves none and is left without one; that is how an account gives a number up.
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(number || ': ' || accounts, '; ' ORDER BY number)
    INTO clashes
    FROM (
      SELECT regexp_replace(phone, '^(\+|00)', '') AS number, string_agg(account || ' (#' || id || ')', ', ' ORDER BY id) AS accounts
        FROM users
       WHERE phone ~ '^\+?[0-9]{6,15}$'
       GROUP BY 1
      HAVING count(*) > 1
    ) AS clashing;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'one phone, one account: these numbers have more than one account, resolve them first (docs/operations.md, Upgrade notes): %', clashes;
  END IF;
END $$;--> statement-breakpoint
UPDATE "users" SET "verified_phone" = regexp_replace("phone", '^(\+|00)', '') WHERE "phone" ~ '^\+?[0-9]{6,15}$';--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_unique" ON "users" USING btree ("verified_phone");
