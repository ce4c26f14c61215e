ALTER TABLE "waybill_subscriptions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD COLUMN "after_sale_id" integer;--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_after_sale_id_unique" UNIQUE("after_sale_id");--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_owner_chk" CHECK (("waybill_subscriptions"."order_id" is null) <> ("waybill_subscriptions"."after_sale_id" is null));