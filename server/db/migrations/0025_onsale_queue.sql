CREATE TABLE "onsale_queue" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draw_key" double precision,
	"place" integer,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "onsale_queue_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "onsale_rooms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"drawn_at" timestamp with time zone,
	"drawn_count" integer DEFAULT 0 NOT NULL,
	"last_place" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "onsale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_room" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "admit_per_second" integer;--> statement-breakpoint
ALTER TABLE "onsale_queue" ADD CONSTRAINT "onsale_queue_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsale_queue" ADD CONSTRAINT "onsale_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsale_rooms" ADD CONSTRAINT "onsale_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onsale_queue_draw_idx" ON "onsale_queue" USING btree ("event_id","draw_key") WHERE "onsale_queue"."draw_key" is not null;--> statement-breakpoint
CREATE INDEX "onsale_queue_place_idx" ON "onsale_queue" USING btree ("event_id","place");