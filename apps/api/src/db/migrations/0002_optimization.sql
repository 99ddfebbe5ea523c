CREATE TABLE "description_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thumbnail_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"video_youtube_id" text NOT NULL,
	"mime_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_drafts" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb NOT NULL,
	"search_term" text,
	"language" text,
	"thumbnail_id" uuid,
	"revision" integer NOT NULL,
	"updated_by" uuid,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_publishes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"thumbnail_changed" boolean NOT NULL,
	"restores_id" uuid,
	"quota_units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "has_captions" boolean;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_term" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "ignored_tips" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "recommended_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "impact" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_position" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "platform_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "last_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "description_templates" ADD CONSTRAINT "description_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "description_templates" ADD CONSTRAINT "description_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_uploads" ADD CONSTRAINT "thumbnail_uploads_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_uploads" ADD CONSTRAINT "thumbnail_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_drafts" ADD CONSTRAINT "video_drafts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_drafts" ADD CONSTRAINT "video_drafts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_drafts" ADD CONSTRAINT "video_drafts_thumbnail_id_thumbnail_uploads_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_drafts" ADD CONSTRAINT "video_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publishes" ADD CONSTRAINT "video_publishes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publishes" ADD CONSTRAINT "video_publishes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publishes" ADD CONSTRAINT "video_publishes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "description_templates_channel_idx" ON "description_templates" USING btree ("channel_id","updated_at");--> statement-breakpoint
CREATE INDEX "thumbnail_uploads_video_idx" ON "thumbnail_uploads" USING btree ("channel_id","video_youtube_id");--> statement-breakpoint
CREATE INDEX "video_publishes_video_idx" ON "video_publishes" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_channel_level_idx" ON "videos" USING btree ("channel_id","level");--> statement-breakpoint
CREATE INDEX "videos_channel_impact_idx" ON "videos" USING btree ("channel_id","impact");--> statement-breakpoint
CREATE INDEX "videos_channel_last_published_idx" ON "videos" USING btree ("channel_id","last_published_at");--> statement-breakpoint
CREATE INDEX "videos_unscored_idx" ON "videos" USING btree ("channel_id") WHERE "videos"."scored_at" IS NULL;