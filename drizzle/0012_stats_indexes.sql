CREATE INDEX "after_sales_created_idx" ON "after_sales" USING btree ("created_at","type","reason");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_stats_idx" ON "orders" USING btree ("paid_at","user_id","total_fen","discount_fen") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "refunds_refunded_stats_idx" ON "refunds" USING btree ("refunded_at","order_id","amount_fen") WHERE "refunds"."status" = 'succeeded';