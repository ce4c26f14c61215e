/**
 * Uploaded photos (for reviews, after-sales and 在线客服): checked, stored, served, counted per shopper.
 *
 * Uploaded photos (reviews, after-sales): checked, stored, served, counted per shopper. The module's public surface: docs/architecture.md.
 */
export { forgetUser } from './forget';
export { findUpload, saveUpload, takeUploadTry, uploadUrl } from './uploads';
export { lockFreeUploads } from './free';
export { ownUploadIds } from './own';
export { afterSalePhotos, takeForAfterSale } from './after-sale';
