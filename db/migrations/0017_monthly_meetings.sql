ALTER TABLE "meeting_templates" ALTER COLUMN "frequency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD COLUMN "monthly_week" text;--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_monthly_week_check" CHECK ("meeting_templates"."monthly_week" in ('same', 'last'));--> statement-breakpoint
ALTER TABLE "meeting_templates" ADD CONSTRAINT "meeting_templates_one_rhythm_check" CHECK (("meeting_templates"."frequency" is null) <> ("meeting_templates"."monthly_week" is null));