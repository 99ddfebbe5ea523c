CREATE TABLE "analytics_reports" (
	"channel_id" uuid NOT NULL,
	"report" text NOT NULL,
	"day" date NOT NULL,
	"value" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_reports_channel_id_report_day_pk" PRIMARY KEY("channel_id","report","day")
);
--> statement-breakpoint
CREATE TABLE "reporting_settings" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"cost_per_view" double precision NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD CONSTRAINT "analytics_reports_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_settings" ADD CONSTRAINT "reporting_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_settings" ADD CONSTRAINT "reporting_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;