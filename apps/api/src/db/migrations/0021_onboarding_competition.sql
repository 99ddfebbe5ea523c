CREATE TABLE "channel_competitors" (
	"channel_id" uuid NOT NULL,
	"youtube_id" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_competitors_channel_id_youtube_id_pk" PRIMARY KEY("channel_id","youtube_id")
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text,
	"tos_accepted_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"link_hash" text,
	"link_expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"token_hash" text,
	"user_id" uuid,
	"carried_at" timestamp with time zone,
	"carried_channel_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_channels" (
	"youtube_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail_url" text DEFAULT '' NOT NULL,
	"custom_url" text,
	"subscriber_count" bigint,
	"video_count" bigint,
	"view_count" bigint,
	"uploads_playlist_id" text,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refreshed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_insights" (
	"id" text PRIMARY KEY NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"report" jsonb,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_competitors" ADD CONSTRAINT "channel_competitors_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_competitors" ADD CONSTRAINT "channel_competitors_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_carried_channel_id_channels_id_fk" FOREIGN KEY ("carried_channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_insights" ADD CONSTRAINT "shared_insights_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_competitors_youtube_idx" ON "channel_competitors" USING btree ("youtube_id");--> statement-breakpoint
CREATE INDEX "onboardings_email_idx" ON "onboardings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "onboardings_link_idx" ON "onboardings" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "onboardings_user_idx" ON "onboardings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "onboardings_created_idx" ON "onboardings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shared_insights_onboarding_idx" ON "shared_insights" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "shared_insights_expires_idx" ON "shared_insights" USING btree ("expires_at");