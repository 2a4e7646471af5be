CREATE TABLE "finance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"days" integer NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"days" integer NOT NULL,
	"status" text NOT NULL,
	"start_time" bigint,
	"end_time" bigint,
	"profit" bigint DEFAULT 0 NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"renew" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"settled_at" bigint
);
--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "subscriptions_status" ON "subscriptions" USING btree ("status");