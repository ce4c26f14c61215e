CREATE TABLE "coupon_claims" (
	"template_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"claimed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount_fen" integer,
	"threshold_fen" integer DEFAULT 0 NOT NULL,
	"percent" integer,
	"cap_fen" integer,
	"scope_type" varchar(12) DEFAULT 'all' NOT NULL,
	"scope_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validity_type" varchar(8) NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"valid_days" integer,
	"total" integer,
	"issued" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"issue" varchar(12) NOT NULL,
	"code" varchar(32),
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_templates_code_unique" UNIQUE("code"),
	CONSTRAINT "coupon_templates_kind_chk" CHECK ("coupon_templates"."kind" in ('full_reduction','no_threshold','percent')),
	CONSTRAINT "coupon_templates_scope_chk" CHECK ("coupon_templates"."scope_type" in ('all','categories','products')),
	CONSTRAINT "coupon_templates_validity_chk" CHECK ("coupon_templates"."validity_type" in ('fixed','days')),
	CONSTRAINT "coupon_templates_issue_chk" CHECK ("coupon_templates"."issue" in ('claim','register','code')),
	CONSTRAINT "coupon_templates_issued_chk" CHECK ("coupon_templates"."issued" >= 0 and ("coupon_templates"."total" is null or "coupon_templates"."issued" <= "coupon_templates"."total")),
	CONSTRAINT "coupon_templates_limit_chk" CHECK ("coupon_templates"."per_user_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(8) DEFAULT 'unused' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"source" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_status_chk" CHECK ("coupons"."status" in ('unused','used'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_claims_uq" ON "coupon_claims" USING btree ("template_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_codes_template_idx" ON "coupon_codes" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "coupons_user_status_idx" ON "coupons" USING btree ("user_id","status","ends_at");--> statement-breakpoint
CREATE INDEX "coupons_template_idx" ON "coupons" USING btree ("template_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;