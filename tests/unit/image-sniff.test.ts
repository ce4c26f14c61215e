/** Uploads are judged by their bytes (lib/server/image-sniff.ts): the kind and the pixel size from the header. */
import { describe, expect, it } from 'vitest';
import { sniffImage } from '@/lib/server/image-sniff';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

describe('sniffImage', () => {
  it('reads a PNG and its size', () => {
    const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(640), be32(480), [8, 6, 0, 0, 0]);
    expect(sniffImage(png)).toEqual({ type: 'image/png', width: 640, height: 480 });
  });

  it('reads a JPEG’s size from its frame header, past other segments', () => {
    const app0 = [0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [0xff, 0xc0, 0, 17, 8, 0x03, 0x20, 0x04, 0x00, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(sniffImage(bytes([0xff, 0xd8], app0, sof0))).toEqual({ type: 'image/jpeg', width: 1024, height: 800 });
  });

  it('reads the three kinds of WebP', () => {
    const riff = (chunk: string, body: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body);
    const lossy = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]);
    expect(sniffImage(lossy)).toEqual({ type: 'image/webp', width: 640, height: 480 });
    // VP8L: signature 0x2f, then 14 bits width-1, 14 bits height-1
    const w = 99, h = 49;
    const bits = w | (h << 14);
    expect(sniffImage(riff('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >> 24) & 255]))).toEqual({ type: 'image/webp', width: 100, height: 50 });
    expect(sniffImage(riff('VP8X', [0, 0, 0, 0, 199, 0, 0, 99, 0, 0]))).toEqual({ type: 'image/webp', width: 200, height: 100 });
  });

  it('refuses what is not an image, whatever it is called', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(sniffImage(bytes('%PDF-1.7 hello'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
