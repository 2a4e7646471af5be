CREATE TABLE "customer_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "customer_totp" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" bigint,
	"last_step" bigint
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" bigint;--> statement-breakpoint
ALTER TABLE "customer_recovery_codes" ADD CONSTRAINT "customer_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_totp" ADD CONSTRAINT "customer_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_recovery_codes_user_idx" ON "customer_recovery_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");