CREATE TABLE "guest_unsubscribes" (
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_unsubscribes_event_id_email_pk" PRIMARY KEY("event_id","email")
);
--> statement-breakpoint
DROP INDEX "promoters_event_email_key";--> statement-breakpoint
ALTER TABLE "guest_message_recipients" ADD COLUMN "skipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promoters" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_unsubscribes" ADD CONSTRAINT "guest_unsubscribes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_event_email_key" ON "promoters" USING btree ("event_id",lower("email")) WHERE "promoters"."removed_at" is null;