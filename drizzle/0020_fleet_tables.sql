CREATE TABLE "address_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" varchar(64) NOT NULL,
	"key" varchar(100) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"owner" integer,
	"committed" boolean DEFAULT false NOT NULL,
	"status" integer,
	"headers" jsonb,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind_chk";--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" DROP CONSTRAINT "waybill_subscriptions_owner_chk";--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "request_key" varchar(100);--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD COLUMN "exchange_after_sale_id" integer;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_exchange_after_sale_id_after_sales_id_fk" FOREIGN KEY ("exchange_after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_request_key_idx" ON "support_messages" USING btree ("conversation_id","request_key");--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_exchange_after_sale_id_unique" UNIQUE("exchange_after_sale_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_chk" CHECK ("messages"."kind" in ('order_paid','order_shipped','order_delivering','order_signed','order_auto_completed','after_sale_approved','after_sale_rejected','after_sale_return_received','after_sale_refunded','after_sale_exchange_shipped','after_sale_exchange_delivering','after_sale_exchange_signed','refund_settled','invoice_issued','invoice_reversed','coupon_expiring','stock_back','price_drop'));--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_owner_chk" CHECK (num_nonnulls("waybill_subscriptions"."order_id", "waybill_subscriptions"."after_sale_id", "waybill_subscriptions"."exchange_after_sale_id") = 1);