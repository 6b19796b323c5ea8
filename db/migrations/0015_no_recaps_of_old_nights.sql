-- Nights over before recap e-mails existed never get one. 0013 marked them queued at the moment of the
-- upgrade, which the jobs read as due, and every member got a recap of every past night. Each night it
-- marked is recorded here as recapped for every member: a start runs every pending migration in one
-- transaction, so in the upgrade that runs 0013 its mark is this transaction's now(). A club that ran
-- 0013 before this one shipped has had its e-mails already; nothing of it changes.
INSERT INTO "meeting_recaps" ("meeting_id", "user_id", "sent_at")
SELECT "meetings"."id", "users"."id", now()
FROM "meetings" CROSS JOIN "users"
WHERE "meetings"."recap_queued_at" = now() AND "meetings"."anonymous" = false
ON CONFLICT DO NOTHING;
