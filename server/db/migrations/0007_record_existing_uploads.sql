-- Images stored before uploads were recorded (the sample posters, organisers' earlier uploads) get
-- the organiser of the event that uses them as their uploader, so they keep working and their
-- owners can still reuse them. A key used by several organisers' rows goes to the earliest event.
INSERT INTO "uploads" ("key", "owner_id", "created_at")
SELECT DISTINCT ON (e."image_key") e."image_key", e."organiser_id", e."created_at"
FROM "events" e
WHERE e."image_key" IS NOT NULL
ORDER BY e."image_key", e."created_at"
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "uploads" ("key", "owner_id", "created_at")
SELECT DISTINCT ON (t."image_key") t."image_key", e."organiser_id", t."created_at"
FROM "ticket_types" t
JOIN "events" e ON e."id" = t."event_id"
WHERE t."image_key" IS NOT NULL
ORDER BY t."image_key", t."created_at"
ON CONFLICT ("key") DO NOTHING;
