CREATE TABLE "organiser_team" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_id" uuid,
	CONSTRAINT "organiser_team_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "organiser_team_role_check" CHECK ("organiser_team"."role" in ('co_organiser', 'finance', 'door'))
);
--> statement-breakpoint
ALTER TABLE "organiser_team" ADD CONSTRAINT "organiser_team_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_team" ADD CONSTRAINT "organiser_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organiser_team_organiser_idx" ON "organiser_team" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "organiser_team_user_idx" ON "organiser_team" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organiser_team_live_member_idx" ON "organiser_team" USING btree ("organiser_id","user_id") WHERE "organiser_team"."user_id" is not null and "organiser_team"."revoked_at" is null;