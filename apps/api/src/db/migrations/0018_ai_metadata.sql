CREATE TABLE "ai_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"video_id" text NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"search_term" text,
	"language" text,
	"model" text,
	"titles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" jsonb,
	"inputs" jsonb DEFAULT '{"captions":"none","relatedKeywords":0,"rankingVideos":0}'::jsonb NOT NULL,
	"counted" boolean DEFAULT true NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_unit_spend" (
	"channel_id" uuid NOT NULL,
	"day" date NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_unit_spend_channel_id_day_pk" PRIMARY KEY("channel_id","day")
);
--> statement-breakpoint
CREATE TABLE "video_captions" (
	"channel_id" uuid NOT NULL,
	"video_id" text NOT NULL,
	"track_id" text NOT NULL,
	"language" text,
	"track_updated_at" text,
	"text" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_captions_channel_id_video_id_pk" PRIMARY KEY("channel_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_unit_spend" ADD CONSTRAINT "platform_unit_spend_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_generations_video_idx" ON "ai_generations" USING btree ("channel_id","video_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_generations_month_idx" ON "ai_generations" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_generations_one_open_per_video" ON "ai_generations" USING btree ("channel_id","video_id") WHERE status in ('pending', 'running');