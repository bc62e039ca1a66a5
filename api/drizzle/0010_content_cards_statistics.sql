CREATE TABLE "customer_card_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"rfid" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"request_id" text,
	"unique_order_id" text,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"fuid" text PRIMARY KEY NOT NULL,
	"allergenes" jsonb NOT NULL,
	"favcarts_app" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"day" text NOT NULL,
	"route" text NOT NULL,
	"device_class" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_route_device_class_pk" PRIMARY KEY("day","route","device_class")
);
--> statement-breakpoint
ALTER TABLE "customer_cards" ALTER COLUMN "fuid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "check_code_hash" text;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "check_code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "issued_by" text;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "issue_request_id" text;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "claimed_at" bigint;--> statement-breakpoint
ALTER TABLE "customer_card_entries" ADD CONSTRAINT "customer_card_entries_rfid_customer_cards_rfid_fk" FOREIGN KEY ("rfid") REFERENCES "public"."customer_cards"("rfid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_card_entries_rfid_idx" ON "customer_card_entries" USING btree ("rfid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_card_entries_request_idx" ON "customer_card_entries" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_cards_issue_request_idx" ON "customer_cards" USING btree ("issue_request_id");