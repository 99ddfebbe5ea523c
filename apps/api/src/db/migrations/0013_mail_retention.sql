ALTER TABLE "email_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_body_kept_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."body_erased_at" IS NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
-- Messages written before this migration: every secret link the product mails has "?token=".
UPDATE "email_outbox" SET "sensitive" = true WHERE "text" LIKE '%?token=%';--> statement-breakpoint
-- Apply the retention at once: delivered secret links and every body older than 24 hours go.
UPDATE "email_outbox" SET "text" = '', "html" = '', "list_unsubscribe" = NULL, "body_erased_at" = now() WHERE ("sensitive" AND "sent_at" IS NOT NULL) OR "created_at" < now() - interval '24 hours';
