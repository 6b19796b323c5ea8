-- The data versions (db/schema.ts: data_versions) move when a transaction that
-- changed their tables commits: a deferred constraint trigger fires at commit, so
-- the counter row is locked only for the instant before the commit (no deadlock
-- with the rows the transaction wrote before), and a reader never sees the new
-- version without the change. Once per transaction and counter, however many rows.
INSERT INTO "data_versions" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'club.data_version_bumped_' || TG_ARGV[0];
BEGIN
  IF current_setting(flag, true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config(flag, 'on', true);
    IF TG_ARGV[0] = 'members' THEN
      UPDATE "data_versions" SET "members" = "members" + 1 WHERE "id" = 1;
    ELSE
      UPDATE "data_versions" SET "photos" = "photos" + 1 WHERE "id" = 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_bump_members_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('members');
--> statement-breakpoint
CREATE TRIGGER "users_truncate_bumps_members_version" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('members');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_bump_members_version" AFTER INSERT OR UPDATE OR DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('members');
--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_bumps_members_version" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('members');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE TRIGGER "users_truncate_bumps_photos_version" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photos_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "photos" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE TRIGGER "photos_truncate_bumps_photos_version" AFTER TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "features_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "features" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE TRIGGER "features_truncate_bumps_photos_version" AFTER TRUNCATE ON "features" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ratings_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "ratings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE TRIGGER "ratings_truncate_bumps_photos_version" AFTER TRUNCATE ON "ratings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "meetings_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "meetings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE TRIGGER "meetings_truncate_bumps_photos_version" AFTER TRUNCATE ON "meetings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "meeting_submissions_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "meeting_submissions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');
--> statement-breakpoint
CREATE TRIGGER "meeting_submissions_truncate_bumps_photos_version" AFTER TRUNCATE ON "meeting_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
