CREATE TABLE "sandbox_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(8) NOT NULL,
	"ref" varchar(40) NOT NULL,
	"trade_no" varchar(40) NOT NULL,
	"merchant_id" varchar(40) NOT NULL,
	"app_id" varchar(40) NOT NULL,
	"out_trade_no" varchar(64) NOT NULL,
	"trade_type" varchar(16) NOT NULL,
	"description" varchar(256) NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(16) DEFAULT 'NOTPAY' NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refund_no" varchar(64),
	"refund_fen" integer,
	"refund_status" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_trades_ref_unique" UNIQUE("ref"),
	CONSTRAINT "sandbox_trades_trade_no_unique" UNIQUE("trade_no")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_trades_merchant_out_uq" ON "sandbox_trades" USING btree ("provider","merchant_id","out_trade_no");