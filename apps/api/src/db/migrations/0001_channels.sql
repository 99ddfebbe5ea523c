CREATE TABLE "channel_credentials" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"connected_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_settings" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text DEFAULT 'en-us' NOT NULL,
	"eeat_statement" text DEFAULT '' NOT NULL,
	"tone_of_voice" text DEFAULT '' NOT NULL,
	"industries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_syncs" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"state" text NOT NULL,
	"videos_done" integer DEFAULT 0 NOT NULL,
	"videos_total" integer,
	"cursor" jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"mode" text NOT NULL,
	"first_channel" boolean DEFAULT false NOT NULL,
	"expected_youtube_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "playlist_videos" (
	"playlist_id" uuid NOT NULL,
	"video_youtube_id" text NOT NULL,
	"position" integer,
	"sync_run_id" uuid,
	CONSTRAINT "playlist_videos_playlist_id_video_youtube_id_pk" PRIMARY KEY("playlist_id","video_youtube_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"youtube_id" text NOT NULL,
	"title" text NOT NULL,
	"item_count" integer NOT NULL,
	"thumbnail_url" text,
	"sync_run_id" uuid,
	CONSTRAINT "playlists_channel_youtube_unique" UNIQUE("channel_id","youtube_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"youtube_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb NOT NULL,
	"category_id" text,
	"default_language" text,
	"default_audio_language" text,
	"published_at" timestamp with time zone,
	"privacy_status" text,
	"publish_at" timestamp with time zone,
	"duration_seconds" integer,
	"thumbnails" jsonb NOT NULL,
	"view_count" bigint,
	"like_count" bigint,
	"comment_count" bigint,
	"localizations" jsonb NOT NULL,
	"sync_run_id" uuid,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_channel_youtube_unique" UNIQUE("channel_id","youtube_id")
);
--> statement-breakpoint
CREATE TABLE "platform_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "custom_url" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "uploads_playlist_id" text;--> statement-breakpoint
ALTER TABLE "channel_credentials" ADD CONSTRAINT "channel_credentials_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_credentials" ADD CONSTRAINT "channel_credentials_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_settings" ADD CONSTRAINT "channel_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_syncs" ADD CONSTRAINT "channel_syncs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_family_id_session_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."session_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD CONSTRAINT "playlist_videos_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_channel_published_idx" ON "videos" USING btree ("channel_id","published_at");