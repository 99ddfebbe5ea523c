ALTER TABLE "oauth_states" ADD COLUMN "return_to" text;--> statement-breakpoint
ALTER TABLE "publish_journal" ADD COLUMN "thumbnail_before_id" uuid;--> statement-breakpoint
ALTER TABLE "thumbnail_uploads" ADD COLUMN "origin" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_publishes" ADD COLUMN "thumbnail_before_id" uuid;--> statement-breakpoint
ALTER TABLE "publish_journal" ADD CONSTRAINT "publish_journal_thumbnail_before_id_thumbnail_uploads_id_fk" FOREIGN KEY ("thumbnail_before_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publishes" ADD CONSTRAINT "video_publishes_thumbnail_before_id_thumbnail_uploads_id_fk" FOREIGN KEY ("thumbnail_before_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE set null ON UPDATE no action;