CREATE TABLE "candles" (
	"product_id" integer NOT NULL,
	"period" text NOT NULL,
	"time" bigint NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	CONSTRAINT "candles_product_id_period_time_pk" PRIMARY KEY("product_id","period","time")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"seconds" integer NOT NULL,
	"payout_bps" integer NOT NULL,
	"open_price" bigint NOT NULL,
	"open_tick_time" bigint NOT NULL,
	"open_time" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"close_price" bigint,
	"close_tick_time" bigint,
	"close_time" bigint,
	"result" text,
	"payout" bigint
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"calendar" text NOT NULL,
	"precision" integer NOT NULL,
	"base_price" bigint NOT NULL,
	"volatility_bps" integer NOT NULL,
	"trading_enabled" boolean DEFAULT true NOT NULL,
	"fee_bps" integer DEFAULT 100 NOT NULL,
	"single_min" bigint DEFAULT 0 NOT NULL,
	"single_max" bigint DEFAULT 0 NOT NULL,
	"total_max" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "seconds_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"seconds" integer NOT NULL,
	"payout_bps" integer NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"max_amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticks" (
	"product_id" integer NOT NULL,
	"time" bigint NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "ticks_product_id_time_pk" PRIMARY KEY("product_id","time")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_request" ON "orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "orders_status_expiry" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_user_status" ON "orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "seconds_options_product_seconds" ON "seconds_options" USING btree ("product_id","seconds");