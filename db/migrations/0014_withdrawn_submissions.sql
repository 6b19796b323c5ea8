CREATE TABLE "withdrawn_submissions" (
	"meeting_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawn_submissions_photo_id_meeting_id_pk" PRIMARY KEY("photo_id","meeting_id")
);
--> statement-breakpoint
ALTER TABLE "withdrawn_submissions" ADD CONSTRAINT "withdrawn_submissions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_submissions" ADD CONSTRAINT "withdrawn_submissions_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_submissions" ADD CONSTRAINT "withdrawn_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawn_submissions_meeting_idx" ON "withdrawn_submissions" USING btree ("meeting_id");--> statement-breakpoint
-- A withdrawal hides its photo's author from every list: what is kept of lists moves with it (data versions, 0008).
CREATE CONSTRAINT TRIGGER "withdrawn_submissions_bump_photos_version" AFTER INSERT OR UPDATE OR DELETE ON "withdrawn_submissions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('photos');--> statement-breakpoint
CREATE TRIGGER "withdrawn_submissions_truncate_bumps_photos_version" AFTER TRUNCATE ON "withdrawn_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('photos');
