-- uploads and recharges before this migration keep a null hash: their files are not read here, and a null
-- hash is never taken for a duplicate (a unique index lets nulls repeat).
ALTER TABLE "exchanges" ALTER COLUMN "rate" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "last_grant" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "screenshot_sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_screenshot_sha256" ON "recharges" USING btree ("screenshot_sha256");