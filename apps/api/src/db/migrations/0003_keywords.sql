CREATE TABLE "keyword_lists" (
	"kind" text NOT NULL,
	"seed" text NOT NULL,
	"location_code" integer NOT NULL,
	"language_code" text NOT NULL,
	"keywords" jsonb NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "keyword_lists_kind_seed_location_code_language_code_pk" PRIMARY KEY("kind","seed","location_code","language_code")
);
--> statement-breakpoint
CREATE TABLE "keyword_metrics" (
	"keyword" text NOT NULL,
	"location_code" integer NOT NULL,
	"language_code" text NOT NULL,
	"volume" integer,
	"competition" double precision,
	"cpc" double precision,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "keyword_metrics_keyword_location_code_language_code_pk" PRIMARY KEY("keyword","location_code","language_code")
);
--> statement-breakpoint
CREATE TABLE "video_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"video_youtube_id" text NOT NULL,
	"keyword" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_keywords_video_keyword_unique" UNIQUE("channel_id","video_youtube_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "video_keywords" ADD CONSTRAINT "video_keywords_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_keywords" ADD CONSTRAINT "video_keywords_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;