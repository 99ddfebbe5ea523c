ALTER TABLE "channels" ADD COLUMN "videos_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Statement-level triggers: one bump per statement and channel, however many rows it wrote.
CREATE FUNCTION bump_videos_version_from_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE channels SET videos_version = videos_version + 1
      WHERE id IN (SELECT DISTINCT channel_id FROM old_rows);
  ELSE
    UPDATE channels SET videos_version = videos_version + 1
      WHERE id IN (SELECT DISTINCT channel_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_version_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER videos_version_update AFTER UPDATE ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER videos_version_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER video_drafts_version_insert AFTER INSERT ON video_drafts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER video_drafts_version_update AFTER UPDATE ON video_drafts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER video_drafts_version_delete AFTER DELETE ON video_drafts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_videos();
--> statement-breakpoint
CREATE FUNCTION bump_videos_version_from_playlist_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE channels SET videos_version = videos_version + 1 WHERE id IN (
      SELECT DISTINCT p.channel_id FROM old_rows r JOIN playlists p ON p.id = r.playlist_id);
  ELSE
    UPDATE channels SET videos_version = videos_version + 1 WHERE id IN (
      SELECT DISTINCT p.channel_id FROM new_rows r JOIN playlists p ON p.id = r.playlist_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER playlist_videos_version_insert AFTER INSERT ON playlist_videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_playlist_videos();
--> statement-breakpoint
CREATE TRIGGER playlist_videos_version_update AFTER UPDATE ON playlist_videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_playlist_videos();
--> statement-breakpoint
CREATE TRIGGER playlist_videos_version_delete AFTER DELETE ON playlist_videos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_videos_version_from_playlist_videos();
