CREATE TABLE "login_guards" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"tries" integer NOT NULL,
	"since" bigint NOT NULL,
	CONSTRAINT "login_guards_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
-- Login counts moved to login_guards (keyed by the name, not the user): the old per-user login rows count
-- nothing any more.
DELETE FROM "password_guards" WHERE "scope" LIKE 'login:%';
