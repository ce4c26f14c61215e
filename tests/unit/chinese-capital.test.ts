/** fenToChineseCapital: the 价税合计（大写） of an invoice. */
import { describe, expect, it } from 'vitest';
import { fenToChineseCapital } from '@/lib/domain/money';

describe('fenToChineseCapital', () => {
  it.each([
    [129_900, '壹仟贰佰玖拾玖元整'],
    [0, '零元整'],
    [100, '壹元整'],
    [1_000, '壹拾元整'],
    [1_900, '壹拾玖元整'],
    [10_000, '壹佰元整'],
    [100_000, '壹仟元整'],
    [1_000_000, '壹万元整'],
    [101_000, '壹仟零壹拾元整'],
    [100_100, '壹仟零壹元整'],
    [1_000_100, '壹万零壹元整'],
    [1_010_000, '壹万零壹佰元整'],
    [1_100_000, '壹万壹仟元整'],
    [10_000_000, '壹拾万元整'],
    [100_100_000, '壹佰万壹仟元整'], // 万位 is 0 but 仟位 is not: the 零 is optional, and left out
    [10_000_000_000, '壹亿元整'],
    [10_000_100_000, '壹亿零壹仟元整'],
    [10_001_000_000, '壹亿零壹万元整'],
    [10_010_000_000, '壹亿零壹拾万元整'],
    [12_345_678_900, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    [100_000_000_000_000, '壹万亿元整'],
    [1_000_000_000_000_000, '壹拾万亿元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenToChineseCapital(fen)).toBe(text);
  });

  it.each([
    [50, '伍角'],
    [5, '伍分'],
    [55, '伍角伍分'],
    [150, '壹元伍角'],
    [105, '壹元零伍分'],
    [1_050, '壹拾元伍角'],
    [100_005, '壹仟元零伍分'],
    [129_999, '壹仟贰佰玖拾玖元玖角玖分'],
    [168_032, '壹仟陆佰捌拾元叁角贰分'],
    [10_700_053, '壹拾万柒仟元伍角叁分'],
  ])('角 and 分: %i fen → %s', (fen, text) => {
    expect(fenToChineseCapital(fen)).toBe(text);
  });

  it('ends with 整 only when there are neither 角 nor 分', () => {
    for (let fen = 0; fen < 5_000; fen += 7) {
      expect(fenToChineseCapital(fen).endsWith('整')).toBe(fen % 100 === 0);
    }
  });

  it('never doubles 零 and never ends a section on 零', () => {
    for (let fen = 1; fen < 20_000_000; fen = fen * 3 + 1) {
      const s = fenToChineseCapital(fen * 100);
      expect(s).not.toMatch(/零零|零[元万亿]/);
    }
  });

  it('a negative amount gets 负; a fraction of a fen is refused', () => {
    expect(fenToChineseCapital(-129_900)).toBe('负壹仟贰佰玖拾玖元整');
    expect(() => fenToChineseCapital(1.5)).toThrow(RangeError);
  });
});
