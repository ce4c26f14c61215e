CREATE TABLE "entitlement_nonces" (
	"app_id" varchar(32) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlement_nonces_app_id_nonce_pk" PRIMARY KEY("app_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"for_ends_at" timestamp with time zone NOT NULL,
	"amount_fen" integer NOT NULL,
	"order_id" integer,
	"state" varchar(16) DEFAULT 'noticed' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_state_chk" CHECK ("subscription_charges"."state" in ('noticed','charging','paid','failed','stopped'))
);
--> statement-breakpoint
CREATE TABLE "subscription_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" varchar(16) NOT NULL,
	"contract_no" varchar(32) NOT NULL,
	"provider_contract_id" varchar(64),
	"state" varchar(16) DEFAULT 'signing' NOT NULL,
	"signed_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"terminated_by" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_contracts_contract_no_unique" UNIQUE("contract_no"),
	CONSTRAINT "subscription_contracts_channel_chk" CHECK ("subscription_contracts"."channel" in ('wechat','alipay')),
	CONSTRAINT "subscription_contracts_state_chk" CHECK ("subscription_contracts"."state" in ('signing','active','terminated'))
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"order_id" integer,
	"operator_id" integer,
	"reason" varchar(200),
	"from_ends_at" timestamp with time zone,
	"to_ends_at" timestamp with time zone,
	"seats" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_events_kind_chk" CHECK ("subscription_events"."kind" in ('created','migrated','activated','renewed','seats_added','upgraded','adjusted','refunded'))
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"years" integer DEFAULT 0 NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"to_sku_id" integer,
	"priced_ends_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_orders_kind_chk" CHECK ("subscription_orders"."kind" in ('renew','seats','upgrade'))
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"subscription_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" varchar(16) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_reminders_subscription_id_ends_at_kind_pk" PRIMARY KEY("subscription_id","ends_at","kind"),
	CONSTRAINT "subscription_reminders_kind_chk" CHECK ("subscription_reminders"."kind" in ('month_before','week_before','day_before','lapsed','charge_notice','charge_failed'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_seats_chk" CHECK ("subscriptions"."seats" >= 1)
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_contract_id_subscription_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."subscription_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_contracts" ADD CONSTRAINT "subscription_contracts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_contracts" ADD CONSTRAINT "subscription_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_to_sku_id_skus_id_fk" FOREIGN KEY ("to_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlement_nonces_seen_idx" ON "entitlement_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_term_idx" ON "subscription_charges" USING btree ("subscription_id","for_ends_at");--> statement-breakpoint
CREATE INDEX "subscription_charges_due_idx" ON "subscription_charges" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "subscription_contracts_sub_idx" ON "subscription_contracts" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_contracts_live_idx" ON "subscription_contracts" USING btree ("subscription_id") WHERE "subscription_contracts"."state" <> 'terminated';--> statement-breakpoint
CREATE INDEX "subscription_events_sub_idx" ON "subscription_events" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_order_idx" ON "subscription_events" USING btree ("order_id") WHERE "subscription_events"."order_id" is not null and "subscription_events"."kind" in ('renewed','seats_added','upgraded');--> statement-breakpoint
CREATE INDEX "subscription_orders_sub_idx" ON "subscription_orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_ends_idx" ON "subscriptions" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "subscriptions_order_idx" ON "subscriptions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_subscription_idx" ON "licenses" USING btree ("subscription_id");--> statement-breakpoint
-- Every activation code sold so far becomes a seat of a subscription: a line of a per-seat SKU (企业版,
-- every seat on one end date) is one subscription of that many seats, any other code a subscription of its
-- own. The term runs from the first activation to the latest end of its codes, so no seat loses a day; a
-- subscription whose every code a refund took back is 已退款.
DO $$
DECLARE
  l record;
  sid integer;
BEGIN
  FOR l IN
    SELECT li.id, li.order_id, li.order_item_id, li.user_id, li.product_id, li.created_at, oi.sku_id, s.code AS sku_code
    FROM licenses li JOIN order_items oi ON oi.id = li.order_item_id JOIN skus s ON s.id = oi.sku_id
    ORDER BY li.id
  LOOP
    sid := NULL;
    IF l.sku_code IN ('MAIL-E-1Y', 'DING-E-1Y') THEN
      SELECT subscription_id INTO sid FROM licenses WHERE order_item_id = l.order_item_id AND subscription_id IS NOT NULL LIMIT 1;
    END IF;
    IF sid IS NULL THEN
      INSERT INTO subscriptions (user_id, product_id, sku_id, order_id, order_item_id, created_at)
      VALUES (l.user_id, l.product_id, l.sku_id, l.order_id, l.order_item_id, l.created_at)
      RETURNING id INTO sid;
    END IF;
    UPDATE licenses SET subscription_id = sid WHERE id = l.id;
  END LOOP;
  UPDATE subscriptions s SET
    seats = a.seats, starts_at = a.starts_at, ends_at = a.ends_at, refunded_at = CASE WHEN a.live = 0 THEN a.revoked_at END
  FROM (
    SELECT subscription_id,
      greatest(1, count(*) FILTER (WHERE revoked_at IS NULL))::int AS seats,
      count(*) FILTER (WHERE revoked_at IS NULL) AS live,
      min(activated_at) AS starts_at, max(valid_until) AS ends_at, max(revoked_at) AS revoked_at
    FROM licenses GROUP BY subscription_id
  ) a
  WHERE a.subscription_id = s.id;
  INSERT INTO subscription_events (subscription_id, kind, order_id, to_ends_at, seats)
  SELECT id, 'migrated', order_id, ends_at, seats FROM subscriptions;
END $$;
--> statement-breakpoint
ALTER TABLE "licenses" ALTER COLUMN "subscription_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" DROP COLUMN "valid_until";