CREATE TABLE "comment_notifications" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone,
	"pending_since" timestamp with time zone,
	"mailed_through_comment_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_notifications" ADD CONSTRAINT "comment_notifications_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_notifications_pending_idx" ON "comment_notifications" USING btree ("pending_since") WHERE "comment_notifications"."pending_since" is not null;