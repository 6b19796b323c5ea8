CREATE TABLE "club_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_settings_one_row" CHECK ("club_settings"."id" = 1)
);
--> statement-breakpoint
-- The club's name is kept in memory under the members data version (app/services/club/club-name.server.ts),
-- so a change moves it, as 0008_data_version_triggers does for users and sessions.
CREATE CONSTRAINT TRIGGER "club_settings_bump_members_version" AFTER INSERT OR UPDATE OR DELETE ON "club_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('members');
--> statement-breakpoint
CREATE TRIGGER "club_settings_truncate_bumps_members_version" AFTER TRUNCATE ON "club_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('members');
