ALTER TABLE "comments" ADD COLUMN "crop_x" double precision;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "crop_y" double precision;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "crop_width" double precision;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "crop_height" double precision;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_crop_check" CHECK (("comments"."crop_x" is null and "comments"."crop_y" is null and "comments"."crop_width" is null and "comments"."crop_height" is null)
        or ("comments"."crop_x" >= 0 and "comments"."crop_y" >= 0 and "comments"."crop_width" > 0 and "comments"."crop_height" > 0
          and "comments"."crop_x" + "comments"."crop_width" <= 1.000001 and "comments"."crop_y" + "comments"."crop_height" <= 1.000001));