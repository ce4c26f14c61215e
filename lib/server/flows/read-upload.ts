/**
 * Serving a stored photo to those who may see it: anyone for a shown review's, else its uploader, operators, its recipient.
 *
 * Serving a stored photo (docs/after-sales.md#photos): a photo of a visible review is public (anyone,
 * logged in or not: `public`); any other photo is for its uploader and operators only (and the shopper
 * an operator sent it to in 在线客服): `viewer` (asked only then) refuses a visitor, another shopper
 * gets 404. Hiding the review makes its photos private again. The photo is the uploads module's, the
 * review the reviews module's, the conversation the support module's.
 */
import 'server-only';
import { OPERATOR_ROLE } from '../../domain/account-rules';
import { UPLOAD_ID } from '../../validation/after-sale';
import { getDb } from '../db/client';
import { notFound } from '../errors';
import type { SessionUser } from '../modules/accounts';
import { photoOnShownReview } from '../modules/reviews';
import { photoSentToShopper } from '../modules/support';
import { findUpload } from '../modules/uploads';

export async function readUpload(id: string, viewer: () => Promise<SessionUser>): Promise<{ bytes: Uint8Array; contentType: string; public: boolean }> {
  if (!UPLOAD_ID.test(id)) throw notFound('图片不存在');
  const db = await getDb();
  const row = await findUpload(db, id);
  if (row && (await photoOnShownReview(db, id))) return { bytes: row.bytes, contentType: row.contentType, public: true };
  const who = await viewer();
  if (!row || (row.userId !== who.id && who.role !== OPERATOR_ROLE && !(await photoSentToShopper(db, id, who.id)))) throw notFound('图片不存在');
  return { bytes: row.bytes, contentType: row.contentType, public: false };
}
