/**
 * The address book (/Address on mobile, /personalCenter/PersonalAddress on desktop), rendered on the
 * server like every logged-in list; its buttons work in the browser (address-book.tsx).
 */
import { listAddresses } from '@/lib/server/modules/accounts';
import { AddressBook } from './address-book';

export async function AddressList({ userId }: { userId: number }) {
  return <AddressBook addresses={await listAddresses(userId)} />;
}
