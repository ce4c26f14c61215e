export type { Invoice, InvoicePage, InvoiceSummary, InvoiceTitle } from '@/lib/server/services/invoice';
