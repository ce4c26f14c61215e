ALTER TABLE "after_sales" ADD COLUMN "return_shipping_fen" integer;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "return_shipping_paid_fen" integer;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "return_shipping_note" varchar(100);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" varchar(16) DEFAULT 'goods' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_return_shipping_once" ON "refunds" USING btree ("after_sale_id") WHERE "refunds"."kind" = 'return_shipping' and "refunds"."status" <> 'failed';--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_return_shipping_chk" CHECK (("after_sales"."return_shipping_fen" is null or "after_sales"."return_shipping_fen" > 0) and ("after_sales"."return_shipping_paid_fen" is null or ("after_sales"."return_shipping_paid_fen" >= 0 and "after_sales"."return_shipping_paid_fen" <= "after_sales"."return_shipping_fen")));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_chk" CHECK ("refunds"."kind" in ('goods','return_shipping'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_shipping_chk" CHECK ("refunds"."kind" <> 'return_shipping' or "refunds"."after_sale_id" is not null);