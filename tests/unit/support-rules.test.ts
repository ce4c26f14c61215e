/** 在线客服's pure rules (lib/domain/support.ts, docs/support.md): the hours, the automatic answer, own links, the waiting time. */
import { describe, expect, it } from 'vitest';
import { isSupportOpen, linkifyOwn, outOfHoursAnswer, SUPPORT_HOURS_TEXT, supportClosedSince, waitedFor } from '@/lib/domain/support';

// Beijing = UTC+8: 01:00Z is 09:00, 13:00Z is 21:00.
const at = (iso: string) => new Date(iso);

describe('service hours, Beijing time', () => {
  it('open from 9:00 to before 21:00', () => {
    expect(SUPPORT_HOURS_TEXT).toBe('9:00–21:00');
    expect(isSupportOpen(at('2026-03-02T00:59:59Z'))).toBe(false);
    expect(isSupportOpen(at('2026-03-02T01:00:00Z'))).toBe(true);
    expect(isSupportOpen(at('2026-03-02T12:59:59Z'))).toBe(true);
    expect(isSupportOpen(at('2026-03-02T13:00:00Z'))).toBe(false);
  });

  it('a closed stretch began at the last 21:00', () => {
    expect(supportClosedSince(at('2026-03-02T04:00:00Z'))).toBeNull();
    expect(supportClosedSince(at('2026-03-02T14:30:00Z'))?.toISOString()).toBe('2026-03-02T13:00:00.000Z');
    // 06:30 on 3 March Beijing: the stretch began at 21:00 on 2 March.
    expect(supportClosedSince(at('2026-03-02T22:30:00Z'))?.toISOString()).toBe('2026-03-02T13:00:00.000Z');
  });

  it('the automatic answer says 今天 before dawn and 明天 after closing', () => {
    expect(outOfHoursAnswer(at('2026-03-02T22:30:00Z'))).toContain('今天 9:00');
    expect(outOfHoursAnswer(at('2026-03-02T14:30:00Z'))).toContain('明天 9:00');
  });
});

describe('links', () => {
  const origin = 'https://shop.example.cn';
  it("only the shop's own links become clickable", () => {
    const parts = linkifyOwn('看这里 https://shop.example.cn/proc/10913 和 https://evil.example/x，或 javascript:alert(1)', origin);
    expect(parts.filter((p) => p.href).map((p) => p.href)).toEqual(['https://shop.example.cn/proc/10913']);
    expect(parts.map((p) => p.text).join('')).toBe('看这里 https://shop.example.cn/proc/10913 和 https://evil.example/x，或 javascript:alert(1)');
  });
  it('a look-alike host is not the shop', () => {
    expect(linkifyOwn('https://shop.example.cn.evil.example/a', origin).some((p) => p.href)).toBe(false);
    expect(linkifyOwn('http://shop.example.cn/a', origin).some((p) => p.href)).toBe(false);
  });
  it('only public pages: the console, the API and the sandboxes stay text, however spelled', () => {
    for (const url of ['https://shop.example.cn/admin/orders', 'https://shop.example.cn/admin', 'https://shop.example.cn/ADMIN/x', 'https://shop.example.cn/%61dmin/x', 'https://shop.example.cn/api/v1/user/profile', 'https://shop.example.cn/sandbox/carrier']) {
      expect(linkifyOwn(`见 ${url}`, origin).some((p) => p.href), url).toBe(false);
    }
    expect(linkifyOwn('https://shop.example.cn/Support', origin).some((p) => p.href)).toBe(true);
    expect(linkifyOwn('https://shop.example.cn/administration-guide', origin).some((p) => p.href)).toBe(true);
  });
  it('a link holding a bidirectional control (shown reversed: …exe.jpg) stays text', () => {
    const parts = linkifyOwn('https://shop.example.cn/\u202egpj.exe', origin);
    expect(parts.some((p) => p.href)).toBe(false);
  });
});

describe('waiting time', () => {
  const now = at('2026-03-02T10:00:00Z');
  it.each([
    ['2026-03-02T09:59:30Z', '不到 1 分钟'],
    ['2026-03-02T09:48:00Z', '12 分钟'],
    ['2026-03-02T07:00:00Z', '3 小时'],
    ['2026-03-02T06:55:00Z', '3 小时 5 分钟'],
    ['2026-02-28T07:00:00Z', '2 天 3 小时'],
  ])('since %s → %s', (since, said) => expect(waitedFor(since, now)).toBe(said));
});
