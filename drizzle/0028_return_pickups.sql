CREATE TABLE "return_pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_id" integer NOT NULL,
	"state" varchar(12) DEFAULT 'booked' NOT NULL,
	"address" jsonb NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"carrier" varchar(40) NOT NULL,
	"carrier_code" varchar(20) NOT NULL,
	"salt" varchar(64) NOT NULL,
	"task_id" varchar(64),
	"carrier_order_id" varchar(64),
	"courier_name" varchar(20),
	"courier_phone" varchar(20),
	"tracking_no" varchar(40),
	"freight_fen" integer,
	"note" varchar(100),
	"assigned_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_pickups_task_id_unique" UNIQUE("task_id"),
	CONSTRAINT "return_pickups_state_chk" CHECK ("return_pickups"."state" in ('booked','assigned','collected','cancelled','failed')),
	CONSTRAINT "return_pickups_freight_chk" CHECK ("return_pickups"."freight_fen" is null or "return_pickups"."freight_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" varchar(64) NOT NULL,
	"order_id" varchar(64) NOT NULL,
	"kuaidicom" varchar(20) NOT NULL,
	"callback_url" text NOT NULL,
	"salt" varchar(64),
	"send_addr" varchar(200) NOT NULL,
	"day_type" varchar(8) NOT NULL,
	"pickup_start" varchar(5) NOT NULL,
	"pickup_end" varchar(5) NOT NULL,
	"status" varchar(4) DEFAULT '0' NOT NULL,
	"courier_name" varchar(20),
	"courier_mobile" varchar(20),
	"kuaidinum" varchar(40),
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind_chk";--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_live_uq" ON "return_pickups" USING btree ("after_sale_id") WHERE "return_pickups"."state" in ('booked','assigned');--> statement-breakpoint
CREATE INDEX "return_pickups_request_idx" ON "return_pickups" USING btree ("after_sale_id","id");--> statement-breakpoint
CREATE INDEX "return_pickups_created_idx" ON "return_pickups" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pickups_task_uq" ON "sandbox_pickups" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "sandbox_pickups_due_idx" ON "sandbox_pickups" USING btree ("next_step_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_chk" CHECK ("messages"."kind" in ('order_paid','order_shipped','order_delivering','order_signed','order_auto_completed','after_sale_approved','after_sale_rejected','after_sale_return_received','after_sale_refunded','after_sale_exchange_shipped','after_sale_exchange_delivering','after_sale_exchange_signed','after_sale_pickup_assigned','after_sale_pickup_collected','after_sale_pickup_failed','refund_settled','price_protect_refunded','invoice_issued','invoice_reversed','coupon_expiring','stock_back','price_drop','subscription_due','subscription_lapsed','auto_renew_notice','auto_renew_failed'));