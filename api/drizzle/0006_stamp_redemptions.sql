CREATE TABLE "stamp_redemptions" (
	"unique_order_id" text PRIMARY KEY NOT NULL,
	"fuid" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stamp_redemptions_fuid_idx" ON "stamp_redemptions" USING btree ("fuid");