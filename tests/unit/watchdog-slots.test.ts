import { describe, expect, it } from 'vitest';
import { newSlotTable, readSlots, slotWriter } from '@/lib/server/boot/watchdog-slots.mjs';

describe('the watchdog’s table of requests in flight', () => {
  it('names each running request, marks the one whose head is out, and forgets the ended ones', () => {
    const buffer = newSlotTable();
    const table = slotWriter(buffer);
    const before = Date.now();
    const a = table.start('req-a', 'GET', '/admin/stats', 17, false);
    const b = table.start('req-b', 'POST', '/api/v1/orders', 18, true);
    const c = table.start('req-c', 'GET', '/proc/10909', 19, false);
    table.headSent(c);
    table.end(b);

    const { requests, unnamed } = readSlots(buffer);
    expect(unnamed).toBe(0);
    expect(requests.map(({ id, method, path, fd, api, headSent }) => ({ id, method, path, fd, api, headSent })).sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: 'req-a', method: 'GET', path: '/admin/stats', fd: 17, api: false, headSent: false },
      { id: 'req-c', method: 'GET', path: '/proc/10909', fd: 19, api: false, headSent: true },
    ]);
    expect(requests[0].at).toBeGreaterThanOrEqual(before);
    expect(a).not.toBe(c);
  });

  it('reuses a freed slot, keeps a path in Chinese whole, and counts the requests past the last slot', () => {
    const buffer = newSlotTable();
    const table = slotWriter(buffer);
    const taken: number[] = [];
    for (let i = 0; ; i++) {
      const slot = table.start(`r${i}`, 'GET', `/search?q=${'耳机'.repeat(i % 3)}`, i, false);
      if (slot < 0) break;
      taken.push(slot);
    }
    expect(new Set(taken).size).toBe(taken.length);
    table.start('one-more', 'GET', '/', 1, false);
    expect(readSlots(buffer)).toMatchObject({ unnamed: 2 });
    expect(readSlots(buffer).requests).toHaveLength(taken.length);
    expect(readSlots(buffer).requests.find((r) => r.id === 'r2')?.path).toBe('/search?q=耳机耳机');

    table.end(taken[5]);
    const again = table.start('late', 'DELETE', '/api/v1/cart/items/3', 9, true);
    expect(again).toBe(taken[5]);
    expect(readSlots(buffer).requests.find((r) => r.id === 'late')).toMatchObject({ method: 'DELETE', path: '/api/v1/cart/items/3', api: true });
  });

  it('cuts a path longer than its slot instead of writing into the next one', () => {
    const buffer = newSlotTable();
    const table = slotWriter(buffer);
    const long = `/${'a'.repeat(2000)}`;
    table.start('long', 'GET', long, 3, false);
    table.start('next', 'GET', '/next', 4, false);
    const { requests } = readSlots(buffer);
    const cut = requests.find((r) => r.id === 'long')!;
    expect(long.startsWith(cut.path)).toBe(true);
    expect(cut.path.length).toBeLessThan(long.length);
    expect(requests.find((r) => r.id === 'next')?.path).toBe('/next');
  });
});
