/**
 * The shared page cache stores Next's cache entries as JSON in Redis. An entry holds Buffers (the RSC
 * payload, segment data) and Maps (segment data by path): both must come back as what they were, or an
 * instance reading another's page would serve a broken payload.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry } from '@/lib/server/cache/cache-shared.mjs';

describe('shared cache entries', () => {
  it('keep Buffers and Maps through JSON', () => {
    const entry = {
      lastModified: 1764000000000,
      value: {
        kind: 'APP_PAGE',
        html: '<h1>量盾商城</h1>',
        rscData: Buffer.from('0:["$","div",null,{}]\n'),
        segmentData: new Map([['/_tree', Buffer.from([0, 1, 2, 255])]]),
        headers: { 'x-next-cache-tags': 'product:10909' },
        status: 200,
      },
    };
    const back = decodeEntry(encodeEntry(entry));
    expect(back.value.html).toBe('<h1>量盾商城</h1>');
    expect(Buffer.isBuffer(back.value.rscData)).toBe(true);
    expect(back.value.rscData.toString()).toBe('0:["$","div",null,{}]\n');
    expect(back.value.segmentData).toBeInstanceOf(Map);
    expect([...back.value.segmentData.get('/_tree')]).toEqual([0, 1, 2, 255]);
    expect(back).toMatchObject({ lastModified: 1764000000000, value: { status: 200, headers: entry.value.headers } });
  });
});
