/** /AddressEdit: the shopper's addresses read on the server, then the form (address-form.tsx) works in the browser. */
import { listAddresses } from '@/lib/server/modules/accounts';
import { AddressForm } from './address-form';

type Props = { userId: number; id?: number; redirect?: string; listPath: string };

export async function AddressEditor({ userId, ...form }: Props) {
  return <AddressForm {...form} addresses={await listAddresses(userId)} />;
}
