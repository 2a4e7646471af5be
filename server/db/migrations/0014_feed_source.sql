ALTER TABLE "products" ADD COLUMN "feed_source" text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_stale_seconds" integer DEFAULT 10 NOT NULL;