CREATE TABLE "door_allowances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"link_id" uuid,
	"user_id" uuid,
	"price_kobo" integer NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"device" text,
	"gate" text,
	"link_id" uuid,
	"user_id" uuid,
	"staff_name" text NOT NULL,
	"method" text NOT NULL,
	"payment_note" text DEFAULT '' NOT NULL,
	"tickets" integer NOT NULL,
	"total_kobo" integer NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_links" ADD COLUMN "can_sell" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "door_allowances" ADD CONSTRAINT "door_allowances_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_allowances" ADD CONSTRAINT "door_allowances_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_allowances" ADD CONSTRAINT "door_allowances_link_id_checkin_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."checkin_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_allowances" ADD CONSTRAINT "door_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_link_id_checkin_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."checkin_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sales" ADD CONSTRAINT "door_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_allowances_live_key" ON "door_allowances" USING btree ("event_id","device_id","ticket_type_id") WHERE "door_allowances"."released_at" is null;--> statement-breakpoint
CREATE INDEX "door_allowances_expiry_idx" ON "door_allowances" USING btree ("event_id","expires_at");--> statement-breakpoint
CREATE INDEX "door_sales_event_idx" ON "door_sales" USING btree ("event_id","sold_at");--> statement-breakpoint
CREATE INDEX "door_sales_order_idx" ON "door_sales" USING btree ("order_id");