/**
 * What an uploaded image really is, read from its bytes (never its name or the browser's word): JPEG,
 * PNG or WebP, and its size in pixels when the header says it (so pages can size it). Anything else
 * is null. Headers only: nothing is decoded.
 */
import type { UPLOAD_TYPES } from '../domain/uploads';

export type SniffedImage = { type: (typeof UPLOAD_TYPES)[number]; width: number | null; height: number | null };

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

export function sniffImage(b: Uint8Array): SniffedImage | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return { type: 'image/png', width: ascii(b, 12, 4) === 'IHDR' ? v.getUint32(16) : null, height: ascii(b, 12, 4) === 'IHDR' ? v.getUint32(20) : null };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { type: 'image/jpeg', ...jpegSize(b, v) };
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return { type: 'image/webp', ...webpSize(b, v) };
  return null;
}

/** The first start-of-frame marker's height and width (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Uint8Array, v: DataView): { width: number | null; height: number | null } {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return { width: null, height: null };
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = v.getUint16(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: v.getUint16(i + 5), width: v.getUint16(i + 7) };
    i += 2 + len;
  }
  return { width: null, height: null };
}

function webpSize(b: Uint8Array, v: DataView): { width: number | null; height: number | null } {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = v.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    const w = b[24] | (b[25] << 8) | (b[26] << 16);
    const h = b[27] | (b[28] << 8) | (b[29] << 16);
    return { width: w + 1, height: h + 1 };
  }
  return { width: null, height: null };
}
