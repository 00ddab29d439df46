ALTER TABLE "events" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;