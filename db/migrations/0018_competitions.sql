-- Earlier migrations of the same run may have left deferred data-version trigger events on meetings
-- (an upgrade applies them in one transaction): fire them now, or the ALTER TABLEs below are refused.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "competition_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"name" text NOT NULL,
	"max_entries" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "competition_categories_max_entries_check" CHECK ("competition_categories"."max_entries" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "competition_judges" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_judges_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "competition_scores" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"judge_id" integer,
	"score" integer,
	"critique" text DEFAULT '' NOT NULL,
	"award" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_scores_score_check" CHECK ("competition_scores"."score" between 1 and 20),
	CONSTRAINT "competition_scores_award_check" CHECK ("competition_scores"."award" in ('1st', '2nd', '3rd', 'HC', 'none'))
);
--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "entry_min_long_edge" integer DEFAULT 1600 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "entry_title_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "first_award_points" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "second_award_points" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "third_award_points" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "commended_award_points" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "scored_entry_points" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_settings" ADD COLUMN "winners_gallery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_submissions" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD COLUMN "kind" text DEFAULT 'critique' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD COLUMN "score_max" integer;--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD COLUMN "categories" jsonb;--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD COLUMN "closes_days_before" integer;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "kind" text DEFAULT 'critique' NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "score_max" integer;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "results_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competition_categories" ADD CONSTRAINT "competition_categories_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_judges" ADD CONSTRAINT "competition_judges_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_judge_id_competition_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."competition_judges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_categories_meeting_idx" ON "competition_categories" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "competition_judges_meeting_idx" ON "competition_judges" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "competition_scores_meeting_idx" ON "competition_scores" USING btree ("meeting_id");--> statement-breakpoint
ALTER TABLE "meeting_submissions" ADD CONSTRAINT "meeting_submissions_category_id_competition_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."competition_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_submissions_category_idx" ON "meeting_submissions" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "club_settings" ADD CONSTRAINT "club_settings_entry_rules_check" CHECK ("club_settings"."entry_min_long_edge" between 0 and 20000);--> statement-breakpoint
ALTER TABLE "club_settings" ADD CONSTRAINT "club_settings_award_points_check" CHECK (least("club_settings"."first_award_points", "club_settings"."second_award_points", "club_settings"."third_award_points", "club_settings"."commended_award_points", "club_settings"."scored_entry_points") >= 0 and greatest("club_settings"."first_award_points", "club_settings"."second_award_points", "club_settings"."third_award_points", "club_settings"."commended_award_points", "club_settings"."scored_entry_points") <= 100);--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_competition_check" CHECK (("meeting_templates"."kind" = 'critique' and "meeting_templates"."score_max" is null and "meeting_templates"."categories" is null and "meeting_templates"."closes_days_before" is null) or ("meeting_templates"."kind" = 'competition' and "meeting_templates"."score_max" in (10, 15, 20) and "meeting_templates"."categories" is not null and "meeting_templates"."closes_days_before" between 0 and 60 and "meeting_templates"."anonymous"));--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_kind_check" CHECK ("meetings"."kind" in ('critique', 'competition'));--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_competition_check" CHECK (("meetings"."kind" = 'critique' and "meetings"."closes_at" is null and "meetings"."score_max" is null) or ("meetings"."kind" = 'competition' and "meetings"."closes_at" is not null and "meetings"."score_max" in (10, 15, 20) and "meetings"."anonymous"));