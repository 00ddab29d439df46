CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_kobo" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_uses_within_max" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses")),
	CONSTRAINT "discount_codes_amount" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent_off" between 1 and 100) or ("discount_codes"."kind" = 'fixed' and "discount_codes"."amount_off_kobo" > 0))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"subaccount_code" text,
	"provider_mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sales_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_email_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "needs_dates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_event_code_key" ON "discount_codes" USING btree ("event_id",lower("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_event_idx" ON "discount_codes" USING btree ("event_id");--> statement-breakpoint
-- Keep existing payout details: each organiser's most recent ticket-type bank account becomes their
-- payout account (not yet verified by a provider: provider_mode 'test', no subaccount; saving it again
-- in Settings, or the first paid sale with Paystack configured, verifies it and creates the subaccount).
INSERT INTO "payout_accounts" ("user_id", "bank_code", "bank_name", "account_number", "account_name", "provider_mode")
SELECT DISTINCT ON (e."organiser_id")
	e."organiser_id",
	coalesce(t."bank_code", ''),
	coalesce(t."bank_name", t."bank_code"),
	t."account_number",
	coalesce(t."account_name", ''),
	'test'
FROM "ticket_types" t
JOIN "events" e ON e."id" = t."event_id"
WHERE t."account_number" IS NOT NULL AND coalesce(t."bank_code", t."bank_name") IS NOT NULL
ORDER BY e."organiser_id", t."created_at" DESC;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sales_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sales_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "bank_name";--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "bank_code";--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "account_number";--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "account_name";
