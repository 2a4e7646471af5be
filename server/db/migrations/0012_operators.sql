CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"locked_until" bigint,
	"last_totp_step" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL,
	"at" bigint NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"input" text DEFAULT '{}' NOT NULL,
	"before" text,
	"after" text,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" bigint;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_lower_unique" ON "operators" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "ops_audit_at_idx" ON "ops_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ops_audit_action_idx" ON "ops_audit" USING btree ("action","at");--> statement-breakpoint
CREATE FUNCTION "ops_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ops_audit rows are never changed or removed'; END $$;--> statement-breakpoint
CREATE TRIGGER "ops_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ops_audit" FOR EACH ROW EXECUTE FUNCTION "ops_audit_append_only"();
