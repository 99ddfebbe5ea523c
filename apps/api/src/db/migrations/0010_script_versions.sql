CREATE TABLE "video_script_versions" (
	"saved_idea_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"content" text NOT NULL,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_script_versions_saved_idea_id_revision_pk" PRIMARY KEY("saved_idea_id","revision")
);
--> statement-breakpoint
ALTER TABLE "video_script_versions" ADD CONSTRAINT "video_script_versions_saved_idea_id_saved_ideas_id_fk" FOREIGN KEY ("saved_idea_id") REFERENCES "public"."saved_ideas"("id") ON DELETE cascade ON UPDATE no action;