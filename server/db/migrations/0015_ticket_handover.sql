CREATE TABLE "ticket_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"seat" integer NOT NULL,
	"old_ticket_id" uuid NOT NULL,
	"new_ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"to_name" text NOT NULL,
	"to_email" text NOT NULL,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD COLUMN "share_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfers_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_changes_close_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_changes_event_idx" ON "ticket_changes" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_changes_order_idx" ON "ticket_changes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_tickets_share_token_key" ON "issued_tickets" USING btree ("share_token");