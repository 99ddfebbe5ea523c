-- The version bumps of 0005 also tell every server process (NOTIFY tw_invalidate, topic
-- 'channel-videos'), so a process can keep list pages and versions in memory between writes;
-- removing someone from a channel tells them too (topic 'channel-access').
CREATE OR REPLACE FUNCTION bump_videos_version_from_videos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR changed IN UPDATE channels SET videos_version = videos_version + 1
        WHERE id IN (SELECT DISTINCT channel_id FROM old_rows) RETURNING id LOOP
      PERFORM pg_notify('tw_invalidate',
        json_build_object('topic', 'channel-videos', 'key', changed)::text);
    END LOOP;
  ELSE
    FOR changed IN UPDATE channels SET videos_version = videos_version + 1
        WHERE id IN (SELECT DISTINCT channel_id FROM new_rows) RETURNING id LOOP
      PERFORM pg_notify('tw_invalidate',
        json_build_object('topic', 'channel-videos', 'key', changed)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_videos_version_from_playlist_videos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR changed IN UPDATE channels SET videos_version = videos_version + 1 WHERE id IN (
        SELECT DISTINCT p.channel_id FROM old_rows r JOIN playlists p ON p.id = r.playlist_id)
        RETURNING id LOOP
      PERFORM pg_notify('tw_invalidate',
        json_build_object('topic', 'channel-videos', 'key', changed)::text);
    END LOOP;
  ELSE
    FOR changed IN UPDATE channels SET videos_version = videos_version + 1 WHERE id IN (
        SELECT DISTINCT p.channel_id FROM new_rows r JOIN playlists p ON p.id = r.playlist_id)
        RETURNING id LOOP
      PERFORM pg_notify('tw_invalidate',
        json_build_object('topic', 'channel-videos', 'key', changed)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_channel_access() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  FOR changed IN SELECT DISTINCT channel_id FROM old_rows LOOP
    PERFORM pg_notify('tw_invalidate',
      json_build_object('topic', 'channel-access', 'key', changed)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_members_access_delete AFTER DELETE ON channel_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_channel_access();
--> statement-breakpoint
CREATE TRIGGER channel_members_access_update AFTER UPDATE ON channel_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_channel_access();
