CREATE TABLE "checkin_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"pin_hash" text NOT NULL,
	"ticket_type_ids" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "checkin_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "checkin_scans" (
	"nonce" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gate" text,
	"device" text,
	"device_id" uuid,
	"link_id" uuid,
	"user_id" uuid,
	"result" text NOT NULL,
	"lost_to" uuid
);
--> statement-breakpoint
CREATE TABLE "checkin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ticket_checkins" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"nonce" uuid NOT NULL,
	"gate" text,
	"device" text,
	"device_id" uuid,
	"link_id" uuid,
	"user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "checkin_links" ADD CONSTRAINT "checkin_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_links" ADD CONSTRAINT "checkin_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_link_id_checkin_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."checkin_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_sessions" ADD CONSTRAINT "checkin_sessions_link_id_checkin_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."checkin_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_checkins" ADD CONSTRAINT "ticket_checkins_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_checkins" ADD CONSTRAINT "ticket_checkins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_checkins" ADD CONSTRAINT "ticket_checkins_link_id_checkin_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."checkin_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_checkins" ADD CONSTRAINT "ticket_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_links_event_idx" ON "checkin_links" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "checkin_scans_event_device_idx" ON "checkin_scans" USING btree ("event_id","device_id");--> statement-breakpoint
CREATE INDEX "checkin_scans_ticket_idx" ON "checkin_scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_checkins_event_idx" ON "ticket_checkins" USING btree ("event_id","scanned_at");