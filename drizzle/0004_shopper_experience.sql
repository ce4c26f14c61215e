CREATE TABLE "stock_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "image" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_notices" ADD CONSTRAINT "stock_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notices" ADD CONSTRAINT "stock_notices_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notices_waiting_uq" ON "stock_notices" USING btree ("user_id","sku_id") WHERE "stock_notices"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notices_sku_idx" ON "stock_notices" USING btree ("sku_id") WHERE "stock_notices"."notified_at" is null;