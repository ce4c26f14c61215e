CREATE TABLE "message_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sms_trade" boolean NOT NULL,
	"sms_aftersale" boolean NOT NULL,
	"sms_promotion" boolean NOT NULL,
	"sms_service" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"category" varchar(16) NOT NULL,
	"title" varchar(60) NOT NULL,
	"body" varchar(500) NOT NULL,
	"link" varchar(300) NOT NULL,
	"source_key" varchar(160) NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "messages_kind_chk" CHECK ("messages"."kind" in ('order_paid','order_shipped','order_delivering','order_signed','order_auto_completed','after_sale_approved','after_sale_rejected','after_sale_return_received','after_sale_refunded','after_sale_exchange_shipped','refund_settled','invoice_issued','invoice_reversed','coupon_expiring','stock_back','price_drop')),
	CONSTRAINT "messages_category_chk" CHECK ("messages"."category" in ('trade','aftersale','promotion','service'))
);
--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_time_idx" ON "messages" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_user_category_time_idx" ON "messages" USING btree ("user_id","category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("user_id","category") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");