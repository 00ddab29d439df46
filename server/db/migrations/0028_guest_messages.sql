CREATE TABLE "guest_message_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"outbox_id" uuid
);
--> statement-breakpoint
CREATE TABLE "guest_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"ticket_type_id" uuid,
	"event_date_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_by_user_id" uuid,
	"sent_by_name" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_message_recipients" ADD CONSTRAINT "guest_message_recipients_message_id_guest_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."guest_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_message_recipients_once_key" ON "guest_message_recipients" USING btree ("message_id",lower("email"));--> statement-breakpoint
CREATE INDEX "guest_message_recipients_pending_idx" ON "guest_message_recipients" USING btree ("message_id") WHERE "guest_message_recipients"."outbox_id" is null;--> statement-breakpoint
CREATE INDEX "guest_messages_event_idx" ON "guest_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_messages_sending_idx" ON "guest_messages" USING btree ("status");