CREATE TABLE "two_step_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_by_name" text NOT NULL,
	"proposed_at" bigint NOT NULL,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" bigint
);
--> statement-breakpoint
ALTER TABLE "two_step_resets" ADD CONSTRAINT "two_step_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_step_resets_one_pending" ON "two_step_resets" USING btree ("user_id") WHERE "two_step_resets"."status" = 'pending';