CREATE TABLE "ops_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"cause_key" text NOT NULL,
	"topic" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb NOT NULL,
	"raised_at" bigint NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" bigint
);
--> statement-breakpoint
ALTER TABLE "ops_alerts" ADD CONSTRAINT "ops_alerts_acknowledged_by_operators_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ops_alerts_cause" ON "ops_alerts" USING btree ("cause_key");--> statement-breakpoint
CREATE INDEX "ops_alerts_open" ON "ops_alerts" USING btree ("raised_at") WHERE "ops_alerts"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "orders_closed_at" ON "orders" USING btree ("close_time") WHERE "orders"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "recharges_credited_at" ON "recharges" USING btree ("reviewed_at") WHERE "recharges"."status" = 'success';--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_approved_at" ON "withdrawals" USING btree ("reviewed_at") WHERE "withdrawals"."status" = 'success';