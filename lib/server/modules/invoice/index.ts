/**
 * VAT invoices (发票): requests, titles, issuing with the PDF, their table of moves (`moveInvoice`), 红冲 after a refund.
 *
 * VAT invoices (docs/states.md#invoice-statuses): requests, titles, issuing, reversal after refunds. The module's public surface: docs/architecture.md.
 */
export { type AdminInvoice, completeReversal, deleteInvoiceTitle, followRefundOnInvoice, type Invoice, invoiceId, invoicePdf, invoiceRefusal, type InvoiceSummary, type InvoiceTitle, issueWithPdf, keptLines, listInvoiceTitles, markInvoiceForReversal, rejectPendingInvoice, requestInvoice, toInvoice, toSummary } from './invoice';
export { shopperInvoiceId } from './lookups';
export { forgetUser, hasInvoiceUnderWay } from './forget';
