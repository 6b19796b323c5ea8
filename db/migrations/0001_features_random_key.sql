ALTER TABLE "features" ADD COLUMN "random_key" double precision DEFAULT random() NOT NULL;--> statement-breakpoint
CREATE INDEX "features_random_idx" ON "features" USING btree ("random_key");