/**
 * int(): the one integer rule of ids, quantities, prices and stock. A whole JSON number or a string
 * of decimal digits (query strings and forms send strings); nothing that Number() would merely
 * coerce ("0x10" → 16, "1e1" → 10, true → 1, [5] → 5, "" → 0). pageFields share it and fall back.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '@/lib/web/page-sizes';
import { int, pageFields } from '@/lib/validation/fields';

const quantity = int('数量', { min: 1, max: 99 });
const messageOf = (v: unknown) => {
  const r = quantity.safeParse(v);
  return r.success ? null : r.error.issues[0].message;
};

describe('int()', () => {
  it.each([
    [3, 3],
    ['3', 3],
    ['12', 12],
    ['099', 99],
    [1, 1],
    [99, 99],
  ])('%j → %j', (input, out) => {
    expect(quantity.parse(input)).toBe(out);
  });

  it.each([['0x10'], [true], [false], [[5]], ['1e1'], [1.5], ['1.5'], [''], [' 3'], ['3 '], ['+3'], [null], [{}], ['abc'], [NaN], [Infinity], ['Infinity']])(
    '%j is refused with a message naming 数量',
    (input) => {
      expect(messageOf(input)).toMatch(/^数量/);
    },
  );

  it('a non-integer number says 必须是整数, anything else 必须是数字', () => {
    expect(messageOf(1.5)).toBe('数量必须是整数');
    expect(messageOf('0x10')).toBe('数量必须是数字');
    expect(messageOf(true)).toBe('数量必须是数字');
  });

  it('a signed decimal string reaches min() and max(), which say their own limit', () => {
    expect(messageOf('-1')).toBe('数量不能小于 1');
    expect(messageOf(-1)).toBe('数量不能小于 1');
    expect(messageOf('0')).toBe('数量不能小于 1');
    expect(messageOf('100')).toBe('数量不能大于 99');
    expect(messageOf('99999999999999999999999')).toMatch(/^数量/);
  });

  it('optional() and default() still apply to a missing value', () => {
    expect(quantity.optional().parse(undefined)).toBeUndefined();
    expect(quantity.default(1).parse(undefined)).toBe(1);
  });
});

describe('pageFields', () => {
  const query = z.object(pageFields);

  it('reads the query string as before', () => {
    expect(query.parse({ page: '3', pageSize: '20' })).toEqual({ page: 3, pageSize: 20 });
    expect(query.parse({})).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  });

  it.each([['0x2'], ['2e0'], [''], ['abc'], ['0'], ['-1'], ['1.5'], [true], [[2]]])('page %j falls back to 1', (page) => {
    expect(query.parse({ page }).page).toBe(1);
  });

  it.each([['0x14'], ['2e1'], ['20.0'], ['7'], [true]])('pageSize %j falls back to the default', (pageSize) => {
    expect(query.parse({ pageSize }).pageSize).toBe(DEFAULT_PAGE_SIZE);
  });
});
