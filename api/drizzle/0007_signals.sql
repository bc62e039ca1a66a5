CREATE TABLE "signals" (
	"signal_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"usecase" text NOT NULL,
	"table_number" text NOT NULL,
	"browser_id" text NOT NULL,
	"filialnummer" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signals_table_idx" ON "signals" USING btree ("filialnummer","table_number","created_at");