CREATE TABLE "request_claims" (
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"request_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "request_claims_user_id_action_request_id_pk" PRIMARY KEY("user_id","action","request_id")
);
