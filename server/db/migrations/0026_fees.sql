ALTER TABLE "payment_attempts" ADD COLUMN "provider_fee_kobo" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fee_mode" text DEFAULT 'buyer' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fees_absorbed" boolean DEFAULT false NOT NULL;