/**
 * A shopper's photo as the shop keeps it (docs/after-sales.md#photos): decoded and encoded again in
 * its own format, turned upright by its EXIF orientation, with no metadata at all (EXIF with GPS,
 * XMP, IPTC, comments: sharp writes none unless asked), at most UPLOAD_STORED_SIDE pixels a side.
 * A file that does not decode is refused rather than stored as sent.
 */
import 'server-only';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS, UPLOAD_STORED_QUALITY, UPLOAD_STORED_SIDE, type UPLOAD_TYPES } from '../../../domain/uploads';
import { badRequest } from '../../errors';

type Reencoded = { bytes: Uint8Array; width: number; height: number };

export async function reencodePhoto(bytes: Uint8Array, type: (typeof UPLOAD_TYPES)[number]): Promise<Reencoded> {
  // failOn 'error': a truncated or damaged file is refused; limitInputPixels repeats the header check.
  const img = sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .resize({ width: UPLOAD_STORED_SIDE, height: UPLOAD_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded = type === 'image/png' ? img.png() : type === 'image/webp' ? img.webp({ quality: UPLOAD_STORED_QUALITY }) : img.jpeg({ quality: UPLOAD_STORED_QUALITY, mozjpeg: true });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw badRequest('图片已损坏或无法读取，请换一张图片');
  }
}
