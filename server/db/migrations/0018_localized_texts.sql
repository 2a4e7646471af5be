ALTER TABLE "deposit_channels" ADD COLUMN "name_texts" jsonb;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "note_texts" jsonb;--> statement-breakpoint
ALTER TABLE "finance_plans" ADD COLUMN "title_texts" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_texts" jsonb;