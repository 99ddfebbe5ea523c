CREATE TABLE "publish_journal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"outcome" text,
	"before" jsonb,
	"after" jsonb,
	"thumbnails_before" jsonb,
	"thumbnail_refusal" jsonb,
	"thumbnail_id" uuid,
	"thumbnail_planned" boolean NOT NULL,
	"metadata_changed" boolean,
	"search_term" text,
	"draft_revision" integer,
	"restores_id" uuid,
	"quota_units" integer NOT NULL,
	"lease_owner" uuid,
	"lease_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_journal" ADD CONSTRAINT "publish_journal_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_journal" ADD CONSTRAINT "publish_journal_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_journal" ADD CONSTRAINT "publish_journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_journal" ADD CONSTRAINT "publish_journal_thumbnail_id_thumbnail_uploads_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publish_journal_pending_video_idx" ON "publish_journal" USING btree ("video_id") WHERE "publish_journal"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "publish_journal_key_idx" ON "publish_journal" USING btree ("video_id","idempotency_key") WHERE "publish_journal"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "publish_journal_due_idx" ON "publish_journal" USING btree ("lease_until") WHERE "publish_journal"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "publish_journal_updated_idx" ON "publish_journal" USING btree ("updated_at");
