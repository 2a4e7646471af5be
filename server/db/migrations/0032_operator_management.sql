CREATE TABLE "operator_customers" (
	"operator_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"linked_at" bigint NOT NULL,
	CONSTRAINT "operator_customers_operator_id_user_id_pk" PRIMARY KEY("operator_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "operator_password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"set_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "disabled_at" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "must_enrol_totp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_customers" ADD CONSTRAINT "operator_customers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_customers" ADD CONSTRAINT "operator_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_password_history" ADD CONSTRAINT "operator_password_history_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_customers_user_idx" ON "operator_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "operator_password_history_operator_idx" ON "operator_password_history" USING btree ("operator_id","id");--> statement-breakpoint
-- Every role now gives an authenticator code. An operator who has never given one (support and content were not
-- asked before, or nobody has signed in yet) enrols a fresh authenticator at the next sign-in.
UPDATE "operators" SET "must_enrol_totp" = true WHERE "last_totp_step" IS NULL;
