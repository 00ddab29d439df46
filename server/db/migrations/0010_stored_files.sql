CREATE TABLE "stored_files" (
	"key" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_key_variant_pk" PRIMARY KEY("key","variant")
);
