CREATE TABLE "thumbnail_test_days" (
	"test_id" uuid NOT NULL,
	"day" date NOT NULL,
	"variant_id" uuid NOT NULL,
	"views" integer NOT NULL,
	"watch_minutes" integer NOT NULL,
	"average_view_percentage" double precision NOT NULL,
	CONSTRAINT "thumbnail_test_days_test_id_day_pk" PRIMARY KEY("test_id","day")
);
--> statement-breakpoint
CREATE TABLE "thumbnail_test_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"variant_id" uuid,
	"quota_day" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"thumbnails_before" jsonb,
	"quota_units" integer DEFAULT 0 NOT NULL,
	"lease_owner" uuid,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "thumbnail_test_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"thumbnail_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thumbnail_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"video_youtube_id" text NOT NULL,
	"metric" text NOT NULL,
	"duration_days" integer NOT NULL,
	"status" text NOT NULL,
	"original_thumbnail_id" uuid,
	"started_by" uuid,
	"started_by_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"stop_requested_at" timestamp with time zone,
	"decision" jsonb,
	"measured_through" date,
	"notice" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_search_console" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"user_id" uuid NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_grants" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thumbnail_test_days" ADD CONSTRAINT "thumbnail_test_days_test_id_thumbnail_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."thumbnail_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_test_days" ADD CONSTRAINT "thumbnail_test_days_variant_id_thumbnail_test_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."thumbnail_test_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_test_swaps" ADD CONSTRAINT "thumbnail_test_swaps_test_id_thumbnail_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."thumbnail_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_test_swaps" ADD CONSTRAINT "thumbnail_test_swaps_variant_id_thumbnail_test_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."thumbnail_test_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_test_variants" ADD CONSTRAINT "thumbnail_test_variants_test_id_thumbnail_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."thumbnail_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_test_variants" ADD CONSTRAINT "thumbnail_test_variants_thumbnail_id_thumbnail_uploads_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_tests" ADD CONSTRAINT "thumbnail_tests_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_tests" ADD CONSTRAINT "thumbnail_tests_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_tests" ADD CONSTRAINT "thumbnail_tests_original_thumbnail_id_thumbnail_uploads_id_fk" FOREIGN KEY ("original_thumbnail_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thumbnail_tests" ADD CONSTRAINT "thumbnail_tests_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_search_console" ADD CONSTRAINT "channel_search_console_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_search_console" ADD CONSTRAINT "channel_search_console_user_id_search_console_grants_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."search_console_grants"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_grants" ADD CONSTRAINT "search_console_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thumbnail_test_swaps_rotation_idx" ON "thumbnail_test_swaps" USING btree ("test_id","quota_day") WHERE "thumbnail_test_swaps"."kind" = 'rotate' and "thumbnail_test_swaps"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "thumbnail_test_swaps_pending_idx" ON "thumbnail_test_swaps" USING btree ("test_id") WHERE "thumbnail_test_swaps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "thumbnail_test_swaps_test_idx" ON "thumbnail_test_swaps" USING btree ("test_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "thumbnail_test_variants_position_idx" ON "thumbnail_test_variants" USING btree ("test_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "thumbnail_tests_active_video_idx" ON "thumbnail_tests" USING btree ("video_id") WHERE "thumbnail_tests"."status" in ('running', 'ending');--> statement-breakpoint
CREATE INDEX "thumbnail_tests_channel_idx" ON "thumbnail_tests" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE INDEX "thumbnail_tests_active_idx" ON "thumbnail_tests" USING btree ("status") WHERE "thumbnail_tests"."status" in ('running', 'ending');