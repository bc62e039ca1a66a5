CREATE TABLE "push_tokens" (
	"device_id" text PRIMARY KEY NOT NULL,
	"token" text,
	"kind" text,
	"topics" jsonb NOT NULL,
	"fuid" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_tokens_token_idx" ON "push_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_tokens_fuid_idx" ON "push_tokens" USING btree ("fuid");