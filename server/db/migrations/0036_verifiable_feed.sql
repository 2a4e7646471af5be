CREATE TABLE "fair_commitments" (
	"commitment" text PRIMARY KEY NOT NULL,
	"minute" bigint NOT NULL,
	"params" text NOT NULL,
	"created_at" bigint NOT NULL,
	"lost" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fair_heads" (
	"product_id" integer NOT NULL,
	"minute" bigint NOT NULL,
	"head" text NOT NULL,
	"last_time" bigint NOT NULL,
	CONSTRAINT "fair_heads_product_id_minute_pk" PRIMARY KEY("product_id","minute")
);
--> statement-breakpoint
CREATE TABLE "fair_reveals" (
	"commitment" text PRIMARY KEY NOT NULL,
	"minute" bigint NOT NULL,
	"seed" text NOT NULL,
	"revealed_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "uncommitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "link" text;--> statement-breakpoint
CREATE INDEX "fair_commitments_minute" ON "fair_commitments" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "fair_reveals_minute" ON "fair_reveals" USING btree ("minute");