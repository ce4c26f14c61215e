ALTER TABLE "support_conversations" ADD COLUMN "after_sale_id" integer;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;