CREATE TABLE "keyword_ranks" (
	"channel_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"language" text NOT NULL,
	"day" date NOT NULL,
	"position" smallint,
	"video_id" text,
	CONSTRAINT "keyword_ranks_channel_id_keyword_language_day_pk" PRIMARY KEY("channel_id","keyword","language","day")
);
--> statement-breakpoint
CREATE TABLE "serp_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword" text NOT NULL,
	"location_code" integer NOT NULL,
	"language_code" text NOT NULL,
	"day" date NOT NULL,
	"depth" integer NOT NULL,
	"status" text NOT NULL,
	"task_id" text,
	"posted_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"videos" jsonb,
	"total_results" integer,
	"checked_at" timestamp with time zone,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serp_checks_key" UNIQUE("keyword","location_code","language_code","day")
);
--> statement-breakpoint
CREATE TABLE "tracked_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"language" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_keywords_key" UNIQUE("channel_id","keyword","language")
);
--> statement-breakpoint
ALTER TABLE "keyword_ranks" ADD CONSTRAINT "keyword_ranks_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_keywords" ADD CONSTRAINT "tracked_keywords_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_keywords" ADD CONSTRAINT "tracked_keywords_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serp_checks_day_status_idx" ON "serp_checks" USING btree ("day","status");