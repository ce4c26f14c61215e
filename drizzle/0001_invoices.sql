CREATE TABLE "invoice_pdfs" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title_type" varchar(16) NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(18) DEFAULT '' NOT NULL,
	"registered_address" varchar(200),
	"registered_phone" varchar(20),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_titles_type_chk" CHECK ("invoice_titles"."title_type" in ('personal','company'))
);
--> statement-breakpoint
DROP INDEX "invoices_user_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_user_title_uq" ON "invoice_titles" USING btree ("user_id","title","tax_no");--> statement-breakpoint
CREATE INDEX "invoice_titles_user_used_idx" ON "invoice_titles" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "pdf_path";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reversal_chk" CHECK ("invoices"."reversal" is null or ("invoices"."reversal" in ('pending','done') and "invoices"."status" = 'issued'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_chk" CHECK ("invoices"."status" <> 'issued' or ("invoices"."invoice_no" is not null and "invoices"."issued_at" is not null));