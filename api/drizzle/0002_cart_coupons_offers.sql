CREATE TABLE "carts" (
	"cart_id" text PRIMARY KEY NOT NULL,
	"browser_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"source_device" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"last_modified" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_code" text NOT NULL,
	"unique_order_id" text NOT NULL,
	"single_use_key" text,
	"fuid" text,
	"browser_id" text NOT NULL,
	"redeemed_at" bigint NOT NULL,
	CONSTRAINT "coupon_redemptions_single_use_key_unique" UNIQUE("single_use_key"),
	CONSTRAINT "coupon_redemptions_code_order_unique" UNIQUE("coupon_code","unique_order_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"visibility" text NOT NULL,
	"owner_fuid" text,
	"data" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_unique_order_id_orders_unique_order_id_fk" FOREIGN KEY ("unique_order_id") REFERENCES "public"."orders"("unique_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_modified_idx" ON "carts" USING btree ("last_modified");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_code_idx" ON "coupon_redemptions" USING btree ("coupon_code");