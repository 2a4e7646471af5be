-- A real source's stale seconds are capped at 10: values the operator could set before (up to
-- 3 600) come down to the cap, and the database refuses anything outside 1 to 10 from now on.
UPDATE "products" SET "feed_stale_seconds" = LEAST(GREATEST("feed_stale_seconds", 1), 10) WHERE "feed_stale_seconds" NOT BETWEEN 1 AND 10;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_feed_stale_seconds_range" CHECK ("feed_stale_seconds" BETWEEN 1 AND 10);
