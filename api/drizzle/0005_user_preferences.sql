CREATE TABLE "user_preferences" (
	"device_id" text PRIMARY KEY NOT NULL,
	"email" text,
	"data" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_preferences_email_idx" ON "user_preferences" USING btree ("email");