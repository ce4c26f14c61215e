CREATE TABLE "after_sale_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"actor" varchar(16) NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"refund_fen" integer NOT NULL,
	CONSTRAINT "after_sale_items_qty_chk" CHECK ("after_sale_items"."quantity" > 0 and "after_sale_items"."refund_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_sale_no" varchar(20) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(20) DEFAULT 'pending_review' NOT NULL,
	"reason" varchar(20) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"shipping_fen" integer DEFAULT 0 NOT NULL,
	"reject_reason" varchar(100),
	"return_carrier" varchar(40),
	"return_tracking_no" varchar(60),
	"restocked" boolean,
	"reship_carrier" varchar(40),
	"reship_tracking_no" varchar(60),
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_after_sale_no_unique" UNIQUE("after_sale_no"),
	CONSTRAINT "after_sales_type_chk" CHECK ("after_sales"."type" in ('refund_only','return_refund','exchange')),
	CONSTRAINT "after_sales_status_chk" CHECK ("after_sales"."status" in ('pending_review','awaiting_return','returning','received','refunding','refunded','reshipped','completed','rejected','cancelled')),
	CONSTRAINT "after_sales_reason_chk" CHECK ("after_sales"."reason" in ('no_longer_needed','seven_days','quality','not_as_described','wrong_item','damaged','not_received')),
	CONSTRAINT "after_sales_refund_chk" CHECK ("after_sales"."refund_fen" >= 0 and "after_sales"."shipping_fen" >= 0 and "after_sales"."shipping_fen" <= "after_sales"."refund_fen")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"after_sale_id" integer,
	"amount_fen" integer NOT NULL,
	"reason" varchar(80) NOT NULL,
	"status" varchar(16) DEFAULT 'processing' NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "refunds_status_chk" CHECK ("refunds"."status" in ('processing','succeeded','failed')),
	CONSTRAINT "refunds_amount_chk" CHECK ("refunds"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"refund_no" varchar(64) NOT NULL,
	"refund_id" varchar(40) NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(16) DEFAULT 'PROCESSING' NOT NULL,
	"notify_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sandbox_refunds_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"after_sale_id" integer,
	"content_type" varchar(20) NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_refund_no_unique";--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "paid_fen" integer;--> statement-breakpoint
UPDATE "order_items" SET "paid_fen" = "price_fen" * "quantity";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "paid_fen" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_items" ADD CONSTRAINT "after_sale_items_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_items" ADD CONSTRAINT "after_sale_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_trade_id_sandbox_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."sandbox_trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_events_idx" ON "after_sale_events" USING btree ("after_sale_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_items_line_uq" ON "after_sale_items" USING btree ("after_sale_id","order_item_id");--> statement-breakpoint
CREATE INDEX "after_sale_items_item_idx" ON "after_sale_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "after_sales_user_idx" ON "after_sales" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sales_status_idx" ON "after_sales" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_trade_no_uq" ON "sandbox_refunds" USING btree ("trade_id","refund_no");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_after_sale_idx" ON "uploads" USING btree ("after_sale_id");--> statement-breakpoint
INSERT INTO "refunds" ("refund_no", "payment_id", "order_id", "amount_fen", "reason", "status", "refunded_at", "created_at", "updated_at")
  SELECT "refund_no", "id", "order_id", "amount_fen", '订单退款', coalesce("refund_status", 'processing'), "refunded_at", "updated_at", "updated_at"
  FROM "payments" WHERE "refund_no" IS NOT NULL;--> statement-breakpoint
INSERT INTO "sandbox_refunds" ("trade_id", "refund_no", "refund_id", "amount_fen", "status", "created_at", "settled_at")
  SELECT "id", "refund_no", '50' || substr("trade_no", 5), coalesce("refund_fen", "amount_fen"), coalesce("refund_status", 'PROCESSING'), "created_at",
         CASE WHEN "refund_status" = 'SUCCESS' THEN now() END
  FROM "sandbox_trades" WHERE "refund_no" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_no";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_status";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "sandbox_trades" DROP COLUMN "refund_no";--> statement-breakpoint
ALTER TABLE "sandbox_trades" DROP COLUMN "refund_fen";--> statement-breakpoint
ALTER TABLE "sandbox_trades" DROP COLUMN "refund_status";