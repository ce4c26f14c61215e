CREATE TABLE "sandbox_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(8) NOT NULL,
	"ref" varchar(40) NOT NULL,
	"contract_id" varchar(40) NOT NULL,
	"merchant_id" varchar(40) NOT NULL,
	"out_contract_code" varchar(64) NOT NULL,
	"plan" varchar(40) NOT NULL,
	"display_account" varchar(64) NOT NULL,
	"description" varchar(256) NOT NULL,
	"amount_fen" integer,
	"notify_url" text NOT NULL,
	"return_url" text,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"balance_short" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_contracts_ref_unique" UNIQUE("ref"),
	CONSTRAINT "sandbox_contracts_contract_id_unique" UNIQUE("contract_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_contracts" ADD COLUMN "sign_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_contracts_merchant_code_uq" ON "sandbox_contracts" USING btree ("provider","merchant_id","out_contract_code");