CREATE TABLE "customer_card_claim_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_card_claim_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fuid" text NOT NULL,
	"failed_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_card_claim_failures_fuid_idx" ON "customer_card_claim_failures" USING btree ("fuid","failed_at");