import { describe, expect, it } from 'vitest';
import { fenToYuanString, formatFen, formatFenShort } from '@/lib/domain/money';

describe('formatFen', () => {
  it.each([
    [129_900, '¥1,299.00'],
    [0, '¥0.00'],
    [5, '¥0.05'],
    [99, '¥0.99'],
    [100, '¥1.00'],
    [1_599_900, '¥15,999.00'],
    [123_456_789, '¥1,234,567.89'],
    [-1_000, '-¥10.00'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });
});

describe('formatFenShort', () => {
  it.each([
    [9_900, '¥99'],
    [1_000, '¥10'],
    [9_950, '¥99.50'],
    [5, '¥0.05'],
    [0, '¥0'],
    [1_599_900, '¥15,999'],
    [-1_000, '-¥10'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatFenShort(fen)).toBe(text);
  });
});

describe('fenToYuanString', () => {
  it.each([
    [129_900, '1299.00'],
    [0, '0.00'],
    [5, '0.05'],
    [1_000, '10.00'],
    [123_456_789, '1234567.89'],
    [-150, '-1.50'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenToYuanString(fen)).toBe(text);
  });

  it('is exact where floating point would not be', () => {
    // 0.1 + 0.2 style errors: 1005 fen is 10.05, not 10.049999…
    expect(fenToYuanString(1_005)).toBe('10.05');
    expect(fenToYuanString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });
});
