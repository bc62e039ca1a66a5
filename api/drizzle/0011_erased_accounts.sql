CREATE TABLE "erased_accounts" (
	"uid_hash" text PRIMARY KEY NOT NULL,
	"erased_at" bigint NOT NULL
);
