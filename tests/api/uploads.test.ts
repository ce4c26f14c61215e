/**
 * Photos of after-sales requests (docs/after-sales.md#photos), on PGlite and PostgreSQL: JPEG, PNG
 * and WebP taken by their bytes whatever their name; anything else, an empty or oversized file, a
 * body that is not a form refused with a Chinese 400 (or 413); read back by the uploader and
 * operators only (another shopper 404); attached to a request only by their uploader, once, at
 * most three; UPLOADS_PER_USER_HOUR tries an hour per shopper, refused ones included, exactly, even
 * under 40 concurrent uploads (PostgreSQL: PGlite runs one transaction at a time and proves nothing
 * about locks); a header claiming more pixels than UPLOAD_MAX_SIDE / UPLOAD_MAX_PIXELS is a 400.
 */
import { deflateSync } from 'node:zlib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { POST as uploadsPost } from '@/app/api/v1/uploads/route';
import { UPLOADS_PER_USER_HOUR } from '@/lib/server/limits';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE, UPLOAD_STORED_SIDE } from '@/lib/domain/uploads';
import { getDb } from '@/lib/server/db/client';
import { afterSales, uploads, uploadTries } from '@/lib/server/db/schema';
import { BASE } from './helpers';
import {
  afterSalesSuite,
  ask,
  bought,
  buyer,
  desk,
  draft,
  expectFail,
  expectOk,
  IMAGES,
  readUpload,
  readUploadFails,
  shopper,
  upload,
  uploadRequest,
} from './after-sales-kit';
import { call, loginNew, makeSku, nextIp, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

async function uploadRows(userId: number) {
  const db = await getDb();
  return db.select({ id: uploads.id, contentType: uploads.contentType, afterSaleId: uploads.afterSaleId, sizeBytes: uploads.sizeBytes }).from(uploads).where(eq(uploads.userId, userId));
}

/**
 * A JPEG of exactly `size` bytes: the 3 × 2 photo with APP15 segments (metadata, as a camera writes
 * it) after its start marker, which the stored copy drops.
 */
function jpegOf(size: number): Uint8Array {
  const segments: Buffer[] = [];
  let left = size - IMAGES.jpeg.length;
  while (left > 0) {
    let n = Math.min(left, 65_537);
    if (left - n > 0 && left - n < 4) n -= 4;
    const seg = Buffer.alloc(n, 0x20);
    seg.set([0xff, 0xef]);
    seg.writeUInt16BE(n - 2, 2);
    segments.push(seg);
    left -= n;
  }
  return Buffer.concat([IMAGES.jpeg.subarray(0, 2), ...segments, IMAGES.jpeg.subarray(2)]);
}

/** A real PNG of `width` × `height` grey pixels (sharp), deflated to little. */
const greyPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#808080' } }).png().toBuffer();

function crc32(b: Uint8Array): number {
  let c = ~0;
  for (const x of b) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * A well-formed PNG whose header claims `width` × `height` (8-bit grey) with one deflated row of zeros:
 * what the server reads of an upload is its header, so this is the same file as a real 65535 × 65535
 * image of zeros (4.2 MB deflated) as far as the upload path goes.
 */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const row = deflateSync(Buffer.alloc(1 + Math.min(width, 4096)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', row), chunk('IEND', new Uint8Array())]);
}

const TOO_MANY_PIXELS = '图片尺寸过大，请上传不超过 10000×10000 像素、4000 万像素以内的图片';

describe('pixel cap', () => {
  it('a header claiming 65535 × 65535, 4294967295 × 4294967295, 0 × 0 or a side over 10000 is a Chinese 400 and stores nothing; 40 megapixels (kept at 2560 a side) and a small photo are taken', async () => {
    expect([UPLOAD_MAX_SIDE, UPLOAD_MAX_PIXELS]).toEqual([10_000, 40_000_000]);
    const u = await loginNew();
    for (const [w, h] of [
      [65535, 65535],
      [4294967295, 4294967295],
      [0, 0],
      [0, 2],
      [10_001, 1],
      [1, 10_001],
      [8000, 5001],
    ]) {
      expect(await expectFail(400, upload(u, pngClaiming(w, h), 'big.png', 'image/png')), `${w}×${h}`).toBe(TOO_MANY_PIXELS);
    }
    // A JPEG whose frame header says 0 × 0 (its size cannot be read) is refused the same way.
    const zeroJpeg = Buffer.from(IMAGES.jpeg);
    const sof = zeroJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    zeroJpeg.fill(0, sof + 5, sof + 9);
    expect(await expectFail(400, upload(u, zeroJpeg))).toBe(TOO_MANY_PIXELS);
    expect(await uploadRows(u.userId)).toEqual([]);

    // 40 megapixels are taken, and kept at most UPLOAD_STORED_SIDE a side.
    expect(UPLOAD_STORED_SIDE).toBe(2_560);
    expect(await expectOk(upload(u, await greyPng(10_000, 4_000), 'max.png', 'image/png'))).toMatchObject({ width: 2_560, height: 1_024 });
    expect(await expectOk(upload(u, IMAGES.png, 'small.png', 'image/png'))).toMatchObject({ width: 3, height: 2 });
    expect(await uploadRows(u.userId)).toHaveLength(2);
  });
});

describe('POST /uploads', () => {
  it('takes JPEG, PNG and WebP by their bytes, with their size in pixels; the uploader and operators read them back, nobody else', async () => {
    const u = await loginNew();
    const other = await loginNew();
    for (const [kind, bytes] of Object.entries(IMAGES)) {
      const { body } = await upload(u, bytes, `photo.${kind}`, `image/${kind}`);
      expect(body.resultCode, body.message).toBe(200);
      expect(body.message).toBe('图片已上传');
      const up = body.data!;
      expect(up.id).toMatch(/^[0-9a-f]{32}$/);
      expect(up).toEqual({ id: up.id, url: `/api/v1/uploads/${up.id}`, width: 3, height: 2 });

      const res = await readUpload(u, up.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${kind}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*; sandbox$/);
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="photo-${up.id}.${kind === 'jpeg' ? 'jpg' : kind}"`);
      expect(res.headers.get('cache-control')).toMatch(/^private/);
      // The stored copy is re-encoded: the same kind of image, the same size.
      const served = Buffer.from(await res.arrayBuffer());
      expect(await sharp(served).metadata()).toMatchObject({ format: kind, width: 3, height: 2 });

      const asOperator = await readUpload(op, up.id);
      expect(asOperator.status).toBe(200);
      expect(Buffer.from(await asOperator.arrayBuffer()).equals(served)).toBe(true);
      expect(await readUploadFails(other, up.id, 404)).toBe('图片不存在');
      expect(await readUploadFails(null, up.id, 416)).toMatch(/登录/);
    }
    // What the browser says the file is counts for nothing: a PNG called .jpg is a PNG.
    const png = await expectOk(upload(u, IMAGES.png, 'photo.jpg', 'image/jpeg'));
    expect((await readUpload(u, png.id)).headers.get('content-type')).toBe('image/png');
    expect((await uploadRows(u.userId)).map((r) => r.contentType).sort()).toEqual(['image/jpeg', 'image/png', 'image/png', 'image/webp']);
    expect(await readUploadFails(u, 'f'.repeat(32), 404)).toBe('图片不存在');
    expect(await readUploadFails(u, '../../etc/passwd', 404)).toBe('图片不存在');
  });

  it('a text file renamed .jpg, a GIF, an empty file, no file, a JSON body are 400; nobody anonymous; nothing stored', async () => {
    const u = await loginNew();
    const notImages: [Uint8Array, string, string][] = [
      [new TextEncoder().encode('这不是图片，只是改了扩展名的文本文件\n'.repeat(20)), 'photo.jpg', 'image/jpeg'],
      [Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'), 'photo.gif', 'image/gif'],
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'photo.png', 'image/png'],
      [IMAGES.jpeg.subarray(0, 2), 'photo.jpg', 'image/jpeg'],
    ];
    for (const [bytes, name, type] of notImages) expect(await expectFail(400, upload(u, bytes, name, type))).toBe('只支持 JPG、PNG、WebP 格式的图片');
    expect(await expectFail(400, upload(u, new Uint8Array(), 'empty.jpg'))).toBe('请选择要上传的图片');

    const form = new FormData();
    form.set('photo', new Blob([IMAGES.jpeg]), 'photo.jpg');
    const noFile = new Request(`${BASE}/uploads`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': nextIp(), token: u.token }, body: form });
    expect(await expectFail(400, call(uploadsPost, noFile))).toBe('请选择要上传的图片');
    const asText = new FormData();
    asText.set('file', 'not a file');
    const textField = new Request(`${BASE}/uploads`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': nextIp(), token: u.token }, body: asText });
    expect(await expectFail(400, call(uploadsPost, textField))).toBe('请选择要上传的图片');
    const json = new Request(`${BASE}/uploads`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'x-test-peer': nextIp(), token: u.token }, body: '{"file":"x"}' });
    expect(await expectFail(400, call(uploadsPost, json))).toBe('请以表单方式上传图片');
    expect(await expectFail(416, call(uploadsPost, uploadRequest(null, IMAGES.jpeg)))).toMatch(/登录/);
    expect(await uploadRows(u.userId)).toEqual([]);
  });

  it('up to 5 MB: exactly 5 MB is taken, one byte more is 400, far more is 413; nothing stored of them', async () => {
    const u = await loginNew();
    const max = await expectOk(upload(u, jpegOf(UPLOAD_MAX_BYTES)));
    expect(max.width).toBe(3);
    expect(await expectFail(400, upload(u, jpegOf(UPLOAD_MAX_BYTES + 1)))).toBe('图片不能超过 5 MB');
    const { body } = await upload(u, jpegOf(UPLOAD_MAX_BYTES + 512 * 1024));
    expect([400, 413]).toContain(body.resultCode);
    expect(body.message).toMatch(/图片不能超过 5 MB|请求内容过大/);
    const huge = await upload(u, jpegOf(8 * 1024 * 1024));
    expect(huge.body.resultCode).toBe(413);
    expect(huge.body.message).toBe('请求内容过大');
    // Kept without the 5 MB of metadata segments it came with.
    const kept = (await uploadRows(u.userId)).map((r) => r.sizeBytes);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBeLessThan(2_000);
  });

  it('a phone photo with GPS in its EXIF and an orientation tag: served without any EXIF (no GPS), turned upright; a damaged photo is a Chinese 400', async () => {
    const u = await loginNew();
    // 40 × 20 as stored by the camera, left half red, right half blue; orientation 6: shown turned 90° clockwise.
    const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'QuantumPhone', Model: 'Q1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 49/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '117/1 13/1 0/1' } } })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD's tag (0x8825)
    expect(photo.includes(Buffer.from('QuantumPhone'))).toBe(true);

    const up = await expectOk(upload(u, photo, 'IMG_0001.jpg'));
    expect(up).toMatchObject({ width: 20, height: 40 });
    expect(await readUploadFails(null, up.id, 416)).toMatch(/登录/);
    const served = Buffer.from(await (await readUpload(u, up.id)).arrayBuffer());
    const m = await sharp(served).metadata();
    expect(m).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(m.exif).toBeUndefined();
    expect(m.orientation).toBeUndefined();
    expect(served.includes(Buffer.from('Exif'))).toBe(false);
    expect(served.includes(Buffer.from('QuantumPhone'))).toBe(false);
    // Upright: the red half is on top, the blue at the bottom.
    const { data } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3)];
    expect(at(10, 5)[0]).toBeGreaterThan(200);
    expect(at(10, 5)[2]).toBeLessThan(60);
    expect(at(10, 35)[2]).toBeGreaterThan(200);
    expect(at(10, 35)[0]).toBeLessThan(60);

    // A JPEG cut off in its middle passes the header check but is not stored as sent.
    expect(await expectFail(400, upload(u, photo.subarray(0, photo.length - 60)))).toBe('图片已损坏或无法读取，请换一张图片');
    expect(await uploadRows(u.userId)).toHaveLength(1);
  });

  it(`at most ${UPLOADS_PER_USER_HOUR} an hour per shopper: the next is 429; another shopper is not held back; an hour later it is allowed again`, async () => {
    const u = await loginNew();
    for (let i = 0; i < UPLOADS_PER_USER_HOUR; i++) await expectOk(upload(u, IMAGES.png, `p${i}.png`, 'image/png'));
    expect(await expectFail(429, upload(u))).toBe(`每小时最多上传 ${UPLOADS_PER_USER_HOUR} 张图片，请稍后再试`);
    expect(await uploadRows(u.userId)).toHaveLength(UPLOADS_PER_USER_HOUR);
    await expectOk(upload(await loginNew()));
    const db = await getDb();
    await db.update(uploadTries).set({ triedAt: sql`${uploadTries.triedAt} - interval '61 minutes'` }).where(eq(uploadTries.userId, u.userId));
    await expectOk(upload(u));
    // The hour's tries are all that is kept of them.
    expect(await db.select().from(uploadTries).where(eq(uploadTries.userId, u.userId))).toHaveLength(1);
  });

  it('refused uploads count: after the hour\'s tries went on files that were not photos, too large or claiming too many pixels, a good photo is 429', async () => {
    const u = await loginNew();
    const refused: [Uint8Array, string, number][] = [
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'x.jpg', 400],
      [pngClaiming(4294967295, 4294967295), 'x.png', 400],
      [jpegOf(UPLOAD_MAX_BYTES + 1), 'x.jpg', 400],
      [new Uint8Array(), 'x.jpg', 400],
    ];
    for (let i = 0; i < UPLOADS_PER_USER_HOUR; i++) {
      const [bytes, name, code] = refused[i % refused.length];
      expect((await upload(u, bytes, name)).body.resultCode).toBe(code);
    }
    expect(await expectFail(429, upload(u, IMAGES.png, 'ok.png', 'image/png'))).toBe(`每小时最多上传 ${UPLOADS_PER_USER_HOUR} 张图片，请稍后再试`);
    expect(await uploadRows(u.userId)).toEqual([]);
  });

  it.skipIf(process.env.TEST_DB === 'pglite')(`40 uploads of one shopper at once: exactly ${UPLOADS_PER_USER_HOUR} are taken`, async () => {
    const u = await loginNew();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(u, IMAGES.webp, `w${i}.webp`, 'image/webp')));
    const codes = results.map((r) => r.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(UPLOADS_PER_USER_HOUR);
    expect(codes.filter((c) => c !== 200)).toEqual(Array(40 - UPLOADS_PER_USER_HOUR).fill(429));
    expect(await uploadRows(u.userId)).toHaveLength(UPLOADS_PER_USER_HOUR);
  });
});

describe('photos on a request', () => {
  it('at most 3, the caller\'s own and unused; shown on the request to its shopper and the console', async () => {
    const u = await buyer();
    const other = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 8_000 }), quantity: 3 }, { sku: await makeSku({ priceFen: 2_000 }) }], 'completed');
    const mine = [];
    for (const bytes of [IMAGES.jpeg, IMAGES.png, IMAGES.webp, IMAGES.jpeg]) mine.push(await expectOk(upload(u, bytes)));
    const ids = mine.map((m) => m.id);

    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'quality', [[0, 1]], { imageIds: ids })))).toBe('最多上传 3 张图片');
    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'quality', [[0, 1]], { imageIds: ['../x'] })))).toBe('图片不正确');
    const theirs = await expectOk(upload(other));
    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'quality', [[0, 1]], { imageIds: [ids[0], theirs.id] })))).toBe('图片已失效，请重新上传');
    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'quality', [[0, 1]], { imageIds: ['0'.repeat(32)] })))).toBe('图片已失效，请重新上传');
    // Nothing of the refused requests stayed: no request, no photo taken.
    const db = await getDb();
    expect(await db.select().from(afterSales).where(eq(afterSales.userId, u.userId))).toEqual([]);
    expect((await uploadRows(u.userId)).every((r) => r.afterSaleId === null)).toBe(true);
    expect((await uploadRows(other.userId))[0].afterSaleId).toBeNull();

    const a = await ask(u, draft(o, 'return_refund', 'quality', [[0, 1]], { imageIds: ids.slice(0, 3), description: '屏幕有划痕' }));
    expect(a.images.map((i) => i.id).sort()).toEqual(ids.slice(0, 3).sort());
    for (const i of a.images) expect(i).toMatchObject({ url: `/api/v1/uploads/${i.id}`, width: 3, height: 2 });
    const attached = await db.select().from(uploads).where(and(eq(uploads.userId, u.userId), inArray(uploads.id, ids.slice(0, 3))));
    expect(new Set(attached.map((r) => r.afterSaleId))).toEqual(new Set([(await db.select().from(afterSales).where(eq(afterSales.afterSaleNo, a.afterSaleNo)))[0].id]));
    const seen = await expectOk(desk.get(op, a.afterSaleNo));
    expect(seen.images.map((i) => i.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect((await readUpload(op, seen.images[0].id)).status).toBe(200);
    expect(await readUploadFails(other, seen.images[0].id, 404)).toBe('图片不存在');

    // A photo taken by one request cannot be used by another.
    expect(await expectFail(400, shopper.create(u, draft(o, 'exchange', 'quality', [[1, 1]], { imageIds: [ids[0]] })))).toBe('图片已失效，请重新上传');
    const b = await ask(u, draft(o, 'exchange', 'quality', [[1, 1]], { imageIds: [ids[3], ids[3]] }));
    expect(b.images.map((i) => i.id)).toEqual([ids[3]]);
  });
});
