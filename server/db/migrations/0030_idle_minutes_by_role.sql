ALTER TABLE "users" ALTER COLUMN "inactivity_minutes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "inactivity_minutes" DROP NOT NULL;--> statement-breakpoint
-- 5 was everyone's default and a choice of 5 left no trace: both now mean "no choice made" (decision 053).
UPDATE "users" SET "inactivity_minutes" = NULL WHERE "inactivity_minutes" = 5;
