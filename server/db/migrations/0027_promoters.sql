CREATE TABLE "order_promoters" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"promoter_id" uuid NOT NULL,
	"commission_kobo" integer NOT NULL,
	"settlement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"code" text NOT NULL,
	"commission_kind" text NOT NULL,
	"commission_value" integer NOT NULL,
	"per_type" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoters_value_check" CHECK ("promoters"."commission_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "test_payments" ADD COLUMN "split" jsonb;--> statement-breakpoint
ALTER TABLE "order_promoters" ADD CONSTRAINT "order_promoters_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promoters" ADD CONSTRAINT "order_promoters_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_promoters_promoter_idx" ON "order_promoters" USING btree ("promoter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_code_key" ON "promoters" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_event_email_key" ON "promoters" USING btree ("event_id",lower("email"));--> statement-breakpoint
CREATE INDEX "promoters_email_idx" ON "promoters" USING btree (lower("email"));