CREATE TABLE "idea_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idea_inbox_subscriptions" (
	"user_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"opted_in" boolean NOT NULL,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_inbox_subscriptions_user_id_channel_id_pk" PRIMARY KEY("user_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "saved_ideas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"phrase" text NOT NULL,
	"phrase_key" text NOT NULL,
	"language_id" text NOT NULL,
	"volume" integer,
	"competition" double precision,
	"opportunity" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"saved_by" uuid,
	"saved_by_name" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_ideas_phrase_unique" UNIQUE("channel_id","language_id","phrase_key")
);
--> statement-breakpoint
CREATE TABLE "video_scripts" (
	"saved_idea_id" uuid PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"revision" integer NOT NULL,
	"updated_by" uuid,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idea_folders" ADD CONSTRAINT "idea_folders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_inbox_subscriptions" ADD CONSTRAINT "idea_inbox_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_inbox_subscriptions" ADD CONSTRAINT "idea_inbox_subscriptions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_ideas" ADD CONSTRAINT "saved_ideas_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_ideas" ADD CONSTRAINT "saved_ideas_folder_id_idea_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."idea_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_ideas" ADD CONSTRAINT "saved_ideas_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_scripts" ADD CONSTRAINT "video_scripts_saved_idea_id_saved_ideas_id_fk" FOREIGN KEY ("saved_idea_id") REFERENCES "public"."saved_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_scripts" ADD CONSTRAINT "video_scripts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idea_folders_one_default_idx" ON "idea_folders" USING btree ("channel_id") WHERE "idea_folders"."is_default";--> statement-breakpoint
CREATE INDEX "idea_folders_channel_idx" ON "idea_folders" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "idea_inbox_subscriptions_channel_idx" ON "idea_inbox_subscriptions" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "saved_ideas_folder_idx" ON "saved_ideas" USING btree ("folder_id","saved_at");--> statement-breakpoint
CREATE INDEX "saved_ideas_channel_idx" ON "saved_ideas" USING btree ("channel_id","saved_at");