ALTER TABLE "thumbnail_test_variants" DROP CONSTRAINT "thumbnail_test_variants_thumbnail_id_thumbnail_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "thumbnail_test_variants" ADD CONSTRAINT "thumbnail_test_variants_thumbnail_id_thumbnail_uploads_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."thumbnail_uploads"("id") ON DELETE cascade ON UPDATE no action;