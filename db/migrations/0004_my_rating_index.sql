DROP INDEX "ratings_user_value_idx";--> statement-breakpoint
CREATE INDEX "ratings_user_value_idx" ON "ratings" USING btree ("user_id","value" DESC NULLS LAST,"photo_id" DESC NULLS LAST);