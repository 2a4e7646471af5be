CREATE TABLE "fair_commitments" (
	"minute" bigint PRIMARY KEY NOT NULL,
	"commitment" text NOT NULL,
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
	"minute" bigint PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"revealed_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "uncommitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "link" text;