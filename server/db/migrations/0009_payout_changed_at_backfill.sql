-- Accounts saved before changed_at existed: their last save is the best known change time.
UPDATE "payout_accounts" SET "changed_at" = "updated_at";
