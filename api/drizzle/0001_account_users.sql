CREATE TABLE "app_users" (
	"fuid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_users_email_idx" ON "app_users" USING btree ("email");