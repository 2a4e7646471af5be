ALTER TABLE "contents" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "updated_at" bigint;