CREATE TABLE "sandbox_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" varchar(20) NOT NULL,
	"number" varchar(40) NOT NULL,
	"callback_url" text NOT NULL,
	"salt" varchar(64),
	"route" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"event_key" varchar(64) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" varchar(60),
	"text" varchar(500) NOT NULL,
	"state" varchar(8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier_code" varchar(20) NOT NULL,
	"tracking_no" varchar(40) NOT NULL,
	"salt" varchar(64) NOT NULL,
	"destination" varchar(60) NOT NULL,
	"state" varchar(8),
	"subscribed_at" timestamp with time zone,
	"last_push_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waybill_subscriptions_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_subscription_id_waybill_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."waybill_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_subscriptions" ADD CONSTRAINT "waybill_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_parcels_waybill_uq" ON "sandbox_parcels" USING btree ("company","number");--> statement-breakpoint
CREATE INDEX "sandbox_parcels_due_idx" ON "sandbox_parcels" USING btree ("next_step_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_key_uq" ON "tracking_events" USING btree ("subscription_id","event_key");--> statement-breakpoint
CREATE INDEX "tracking_events_time_idx" ON "tracking_events" USING btree ("subscription_id","occurred_at");--> statement-breakpoint
CREATE INDEX "waybill_subscriptions_waybill_idx" ON "waybill_subscriptions" USING btree ("carrier_code","tracking_no");