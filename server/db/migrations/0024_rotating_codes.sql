ALTER TABLE "issued_tickets" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD COLUMN "device_key_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD COLUMN "check_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rotating_codes" text DEFAULT 'allowed' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_tickets_check_token_key" ON "issued_tickets" USING btree ("check_token");