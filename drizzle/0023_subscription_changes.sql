ALTER TABLE "subscription_orders" ADD COLUMN "from_sku_id" integer;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_from_sku_id_skus_id_fk" FOREIGN KEY ("from_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;