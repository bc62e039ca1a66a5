CREATE TABLE "waiter_mutes" (
	"filialnummer" bigint NOT NULL,
	"table_number" text NOT NULL,
	"muted_until" bigint NOT NULL,
	CONSTRAINT "waiter_mutes_filialnummer_table_number_pk" PRIMARY KEY("filialnummer","table_number")
);
