/** What the request form holds, and a saved title (or an earlier request) as the form's title fields. */
import type { InvoiceTitleType, InvoiceType } from '@/lib/domain/invoice-status';
import type { InvoiceTitle } from './types';

export type InvoiceFormValues = {
  invoiceType: InvoiceType;
  titleType: InvoiceTitleType;
  title: string;
  taxNo: string;
  email: string;
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
};

/** The title fields of the form (everything but the invoice type and the e-mail) from a saved title or an invoice; null is ''. */
export function toFormValues(t: Omit<InvoiceTitle, 'id'>): Omit<InvoiceFormValues, 'invoiceType' | 'email'> {
  return {
    titleType: t.titleType,
    title: t.title,
    taxNo: t.taxNo ?? '',
    registeredAddress: t.registeredAddress ?? '',
    registeredPhone: t.registeredPhone ?? '',
    bankName: t.bankName ?? '',
    bankAccount: t.bankAccount ?? '',
  };
}
