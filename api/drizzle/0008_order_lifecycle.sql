ALTER TABLE "orders" ADD COLUMN "expires_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_taken" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_ref" text;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "acknowledged_at" bigint;--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "orders_expires_idx" ON "orders" USING btree ("expires_at");