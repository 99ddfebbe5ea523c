DROP INDEX "videos_channel_level_idx";--> statement-breakpoint
DROP INDEX "videos_channel_impact_idx";--> statement-breakpoint
DROP INDEX "videos_channel_last_published_idx";--> statement-breakpoint
CREATE INDEX "videos_channel_date_idx" ON "videos" USING btree ("channel_id",coalesce("publish_at", "published_at") desc nulls last,"youtube_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_channel_level_idx" ON "videos" USING btree ("channel_id","level","youtube_id");--> statement-breakpoint
CREATE INDEX "videos_channel_impact_idx" ON "videos" USING btree ("channel_id","impact","youtube_id");--> statement-breakpoint
CREATE INDEX "videos_channel_last_published_idx" ON "videos" USING btree ("channel_id","last_published_at" DESC NULLS LAST,"youtube_id" DESC NULLS LAST);