/** VAT invoices (docs/states.md#invoice-statuses): requests, titles, issuing, reversal after refunds. The module's public surface: docs/architecture.md. */
export { type AdminInvoice, completeInvoiceReversal, deleteInvoiceTitle, followRefundOnInvoice, getInvoice, type Invoice, invoicePdf, invoiceRefusal, type InvoiceSummary, type InvoiceTitle, issueInvoice, listInvoices, listInvoiceTitles, listPendingInvoices, markInvoiceForReversal, rejectInvoice, requestInvoice } from './invoice';
export { forgetUser, hasInvoiceUnderWay } from './forget';
