CREATE TABLE "coupon_code_tries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tried_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_code_tries" ADD CONSTRAINT "coupon_code_tries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_code_tries_user_idx" ON "coupon_code_tries" USING btree ("user_id","tried_at");