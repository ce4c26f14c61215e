CREATE TABLE "upload_tries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tried_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_tries" ADD CONSTRAINT "upload_tries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_tries_user_idx" ON "upload_tries" USING btree ("user_id","tried_at");