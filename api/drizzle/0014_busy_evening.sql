CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"unique_order_id" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"claimed_by" text,
	"claimed_until" bigint,
	"last_error" text,
	"message_id" text,
	"sent_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" drop column "expires_at";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" bigint GENERATED ALWAYS AS (((data ->> 'expiresAt'))::bigint) STORED;--> statement-breakpoint
CREATE INDEX "orders_expires_idx" ON "orders" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ip_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "filialnummer" integer GENERATED ALWAYS AS (((data ->> 'filialnummer'))::integer) STORED;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirming_until" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_order_kind_idx" ON "mail_outbox" USING btree ("unique_order_id","kind");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_ip_key_idx" ON "orders" USING btree ("ip_key");--> statement-breakpoint
CREATE INDEX "orders_branch_state_idx" ON "orders" USING btree ("filialnummer","state","created_at");--> statement-breakpoint
CREATE INDEX "orders_branch_created_idx" ON "orders" USING btree ("filialnummer","created_at","unique_order_id");