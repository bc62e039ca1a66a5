CREATE TABLE "cash_captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "customer_card_accounts" (
	"rfid" text NOT NULL,
	"account_type" text NOT NULL,
	"balance" integer NOT NULL,
	"symbol" text DEFAULT '€' NOT NULL,
	CONSTRAINT "customer_card_accounts_rfid_account_type_pk" PRIMARY KEY("rfid","account_type")
);
--> statement-breakpoint
CREATE TABLE "customer_card_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"rfid" text NOT NULL,
	"unique_order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_cards" (
	"rfid" text PRIMARY KEY NOT NULL,
	"fuid" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"owner_key" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_test_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"unique_order_id" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text,
	"provider_ref" text,
	"auth_ref" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"authorized_at" bigint,
	"history" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_card_accounts" ADD CONSTRAINT "customer_card_accounts_rfid_customer_cards_rfid_fk" FOREIGN KEY ("rfid") REFERENCES "public"."customer_cards"("rfid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_card_holds_rfid_idx" ON "customer_card_holds" USING btree ("rfid");--> statement-breakpoint
CREATE INDEX "customer_cards_fuid_idx" ON "customer_cards" USING btree ("fuid");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_owner_idx" ON "payment_customers" USING btree ("provider","owner_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_order" ON "payments" USING btree ("unique_order_id") WHERE "payments"."status" in ('pending', 'requires_action', 'authorized', 'captured');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("unique_order_id");