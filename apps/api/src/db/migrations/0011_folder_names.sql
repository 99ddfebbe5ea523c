-- Folders created before names were unique get a number, so the index can be built.
UPDATE "idea_folders" AS f SET "name" = f."name" || ' (' || d.rn || ')'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "channel_id", lower("name") ORDER BY "is_default" DESC, "created_at", "id"
  ) AS rn FROM "idea_folders"
) AS d
WHERE f."id" = d."id" AND d.rn > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "idea_folders_channel_name_idx" ON "idea_folders" USING btree ("channel_id",lower("name"));
