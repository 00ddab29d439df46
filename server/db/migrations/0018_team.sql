CREATE TABLE "event_team" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_id" uuid,
	CONSTRAINT "event_team_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "event_team_role_check" CHECK ("event_team"."role" in ('co_organiser', 'finance', 'door'))
);
--> statement-breakpoint
CREATE TABLE "event_team_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"actor" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_team" ADD CONSTRAINT "event_team_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team" ADD CONSTRAINT "event_team_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team" ADD CONSTRAINT "event_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team_activity" ADD CONSTRAINT "event_team_activity_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team_activity" ADD CONSTRAINT "event_team_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_team_event_idx" ON "event_team" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_team_user_idx" ON "event_team" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_team_live_member_idx" ON "event_team" USING btree ("event_id","user_id") WHERE "event_team"."user_id" is not null and "event_team"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "event_team_activity_event_idx" ON "event_team_activity" USING btree ("event_id","at");