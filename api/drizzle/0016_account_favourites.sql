ALTER TABLE "user_settings" ADD COLUMN "fav_foods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "fav_drinks" jsonb DEFAULT '[]'::jsonb NOT NULL;