CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"bestand" integer DEFAULT -1 NOT NULL,
	"verkauft" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" text PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"publish_date" bigint NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"unique_order_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"order_number" integer NOT NULL,
	"browser_id" text NOT NULL,
	"fuid" text,
	"usecase" text NOT NULL,
	"state" text NOT NULL,
	"total" integer NOT NULL,
	"auth_completed" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "orders_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"name" text PRIMARY KEY NOT NULL,
	"tag" text,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"filialnummer" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_items_category_idx" ON "menu_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "orders_browser_idx" ON "orders" USING btree ("browser_id");--> statement-breakpoint
CREATE INDEX "orders_fuid_idx" ON "orders" USING btree ("fuid");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");