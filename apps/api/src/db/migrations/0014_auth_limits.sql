-- Failure counters with growing delays for sign-in and current-password checks (AuthThrottle).
CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"account" text,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"prev_blocked_until" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "auth_throttles_account_idx" ON "auth_throttles" USING btree ("account");--> statement-breakpoint
CREATE INDEX "auth_throttles_window_idx" ON "auth_throttles" USING btree ("window_ends_at");--> statement-breakpoint
-- A session token names the refresh token it was issued with, so rotating that refresh token revokes it.
ALTER TABLE "session_tokens" ADD COLUMN "issued_with" text;--> statement-breakpoint
-- A set-password link mailed with an invitation belongs to that invitation: removing it voids the link.
ALTER TABLE "password_tokens" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_tokens_channel_idx" ON "password_tokens" USING btree ("channel_id");--> statement-breakpoint
-- An invited person counts as joined once they have opened their channel list after the invitation.
ALTER TABLE "channel_members" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "channel_members" AS m SET "joined_at" = NULL FROM "users" AS u WHERE u."id" = m."user_id" AND u."password_hash" IS NULL AND m."role" = 'member';
