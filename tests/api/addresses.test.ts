/**
 * The address book (docs/api.md#addresses, docs/rules.md#addresses): the four validation messages, the 200-character
 * detail, one default per user, at most 20 addresses, and another user's id is 404.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listGet, POST as createPost } from '@/app/api/v1/addresses/route';
import { DELETE as addrDelete, GET as addrGet, PUT as addrPut } from '@/app/api/v1/addresses/[id]/route';
import { ADDRESS_DETAIL_MAX, ADDRESS_MAX_PER_USER } from '@/lib/domain/address-rules';
import { getDb } from '@/lib/server/db/client';
import { addresses } from '@/lib/server/db/schema';
import type { Address } from '@/lib/server/modules/accounts';
import { ADDRESS_MESSAGES } from '@/lib/validation/address';
import { HAN } from './helpers';
import { ADDRESS, addAddress, call, ctx, fails, loginNew, ok, req } from './session';

const list = (token: string) => ok<Address[]>(listGet, req('GET', '/addresses', undefined, { token }));
const put = (token: string, id: number, body: unknown) => call<Address>(addrPut, req('PUT', `/addresses/${id}`, body, { token }), ctx({ id }));
const del = (token: string, id: number) => call(addrDelete, req('DELETE', `/addresses/${id}`, undefined, { token }), ctx({ id }));

async function defaultsInDb(userId: number): Promise<number> {
  const db = await getDb();
  return (await db.select().from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))).length;
}

describe('anonymous', () => {
  it('every address route → 416 (HTTP 401)', async () => {
    const u = await loginNew();
    const a = await addAddress(u.token);
    for (const [handler, request, c] of [
      [listGet, req('GET', '/addresses'), undefined],
      [createPost, req('POST', '/addresses', ADDRESS), undefined],
      [addrGet, req('GET', `/addresses/${a.id}`), ctx({ id: a.id })],
      [addrPut, req('PUT', `/addresses/${a.id}`, ADDRESS), ctx({ id: a.id })],
      [addrDelete, req('DELETE', `/addresses/${a.id}`), ctx({ id: a.id })],
      [listGet, req('GET', '/addresses', undefined, { token: 'expired-or-forged' }), undefined],
    ] as const) {
      const { res, body } = await call(handler, request, c);
      expect(res.status).toBe(401);
      expect(body.resultCode).toBe(416);
    }
    expect(await list(u.token)).toHaveLength(1);
  });
});

describe('create and read', () => {
  it('the first address becomes the default; later ones do not unless asked', async () => {
    const u = await loginNew();
    expect(await list(u.token)).toEqual([]);
    const first = await addAddress(u.token, { isDefault: false });
    expect(first).toMatchObject({ ...ADDRESS, isDefault: true });
    expect(first.id).toBeGreaterThan(0);
    const second = await addAddress(u.token, { name: '李四' });
    expect(second.isDefault).toBe(false);
    const got = await ok<Address>(addrGet, req('GET', `/addresses/${second.id}`, undefined, { token: u.token }), ctx({ id: second.id }));
    expect(got).toEqual(second);
    const all = await list(u.token);
    expect(all.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(Object.keys(all[0]).sort()).toEqual(['addressDetail', 'areaCode', 'city', 'county', 'id', 'isDefault', 'name', 'province', 'tel'].sort());
  });

  it('values are trimmed; mobile with +86 and landlines are accepted', async () => {
    const u = await loginNew();
    const a = await addAddress(u.token, { name: '  王五  ', addressDetail: '  某路 1 号  ', tel: '+8613900001111' });
    expect(a).toMatchObject({ name: '王五', addressDetail: '某路 1 号' });
    const b = await addAddress(u.token, { tel: '010-12345678' });
    expect(b.tel).toBe('010-12345678');
  });

  it('POST without X-Requested-With → 403', async () => {
    const u = await loginNew();
    await fails(403, createPost, req('POST', '/addresses', ADDRESS, { token: u.token, xrw: false }));
    expect(await list(u.token)).toEqual([]);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['empty name', { name: '' }, ADDRESS_MESSAGES.name],
    ['blank name', { name: '   ' }, ADDRESS_MESSAGES.name],
    ['missing name', { name: undefined }, ADDRESS_MESSAGES.name],
    ['name a number', { name: 123 }, ADDRESS_MESSAGES.name],
    ['short tel', { tel: '12345' }, ADDRESS_MESSAGES.tel],
    ['empty tel', { tel: '' }, ADDRESS_MESSAGES.tel],
    ['letters tel', { tel: '1380013800a' }, ADDRESS_MESSAGES.tel],
    ['12-digit mobile', { tel: '138001380001' }, ADDRESS_MESSAGES.tel],
    ['missing tel', { tel: undefined }, ADDRESS_MESSAGES.tel],
    ['empty province', { province: '' }, ADDRESS_MESSAGES.area],
    ['missing city', { city: undefined }, ADDRESS_MESSAGES.area],
    ['blank county', { county: '  ' }, ADDRESS_MESSAGES.area],
    ['bad areaCode', { areaCode: '12345' }, ADDRESS_MESSAGES.area],
    ['letters areaCode', { areaCode: 'abcdef' }, ADDRESS_MESSAGES.area],
    ['missing areaCode', { areaCode: undefined }, ADDRESS_MESSAGES.area],
    ['empty detail', { addressDetail: '' }, ADDRESS_MESSAGES.detail],
    ['blank detail', { addressDetail: '    ' }, ADDRESS_MESSAGES.detail],
    ['missing detail', { addressDetail: undefined }, ADDRESS_MESSAGES.detail],
  ];

  it('the four messages are exactly the specified ones', () => {
    expect(ADDRESS_MESSAGES).toEqual({ name: '请填写姓名', tel: '请填写正确的电话', area: '请选择地区', detail: '请填写详细地址' });
  });

  it.each(cases)('POST with %s → 400 %s', async (_label, over, message) => {
    const u = await loginNew();
    const msg = await fails(400, createPost, req('POST', '/addresses', { ...ADDRESS, ...over }, { token: u.token }));
    expect(msg).toBe(message);
    expect(await list(u.token)).toEqual([]);
  });

  it('PUT gives the same messages and changes nothing', async () => {
    const u = await loginNew();
    const a = await addAddress(u.token);
    for (const [, over, message] of cases) {
      const { body } = await put(u.token, a.id, { ...ADDRESS, ...over });
      expect(body.resultCode).toBe(400);
      expect(body.message).toBe(message);
    }
    expect((await list(u.token))[0]).toEqual(a);
  });

  it(`addressDetail of ${ADDRESS_DETAIL_MAX} characters is fine, ${ADDRESS_DETAIL_MAX + 1} → 400`, async () => {
    const u = await loginNew();
    const max = '路'.repeat(ADDRESS_DETAIL_MAX);
    expect((await addAddress(u.token, { addressDetail: max })).addressDetail).toBe(max);
    const msg = await fails(400, createPost, req('POST', '/addresses', { ...ADDRESS, addressDetail: `${max}号` }, { token: u.token }));
    expect(msg).toMatch(HAN);
    expect(msg).toContain(String(ADDRESS_DETAIL_MAX));
    const [only] = await list(u.token);
    const { body } = await put(u.token, only.id, { ...ADDRESS, addressDetail: 'a'.repeat(ADDRESS_DETAIL_MAX + 1) });
    expect(body.resultCode).toBe(400);
  });

  it('a body that is not JSON or not an object → 400', async () => {
    const u = await loginNew();
    for (const raw of ['{oops', '[]', 'null', '"x"']) {
      const msg = await fails(400, createPost, req('POST', '/addresses', raw, { token: u.token }));
      expect(msg).toMatch(HAN);
    }
  });
});

describe('update and the single default', () => {
  it('PUT edits; setting another default leaves exactly one', async () => {
    const u = await loginNew();
    const a = await addAddress(u.token);
    const b = await addAddress(u.token, { name: '李四' });
    const c = await addAddress(u.token, { name: '赵六' });
    const { body } = await put(u.token, b.id, { ...ADDRESS, name: '李四改', isDefault: true });
    expect(body.resultCode).toBe(200);
    expect(body.data).toMatchObject({ id: b.id, name: '李四改', isDefault: true });
    let all = await list(u.token);
    expect(all.filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
    expect(all[0].id).toBe(b.id); // the default first
    expect(await defaultsInDb(u.userId)).toBe(1);

    // a new address created as default takes it over
    const d = await addAddress(u.token, { name: '钱七', isDefault: true });
    expect(d.isDefault).toBe(true);
    all = await list(u.token);
    expect(all.filter((x) => x.isDefault).map((x) => x.id)).toEqual([d.id]);
    expect(await defaultsInDb(u.userId)).toBe(1);

    // editing the default without isDefault keeps it the default (never zero defaults)
    await put(u.token, d.id, { ...ADDRESS, name: '钱七改' });
    expect(await defaultsInDb(u.userId)).toBe(1);
    expect((await list(u.token)).find((x) => x.isDefault)!.id).toBe(d.id);
    expect([a.id, c.id].every((id) => all.some((x) => x.id === id && !x.isDefault))).toBe(true);
  });

  it('defaults of different users are independent', async () => {
    const u = await loginNew();
    const v = await loginNew();
    const ua = await addAddress(u.token);
    const va = await addAddress(v.token);
    await addAddress(v.token, { isDefault: true });
    expect((await list(u.token)).find((x) => x.isDefault)!.id).toBe(ua.id);
    expect((await list(v.token)).find((x) => x.isDefault)!.id).not.toBe(va.id);
  });
});

describe('delete', () => {
  it('deleting the default makes another the default; deleting another leaves the default', async () => {
    const u = await loginNew();
    const a = await addAddress(u.token);
    const b = await addAddress(u.token, { name: '李四' });
    const c = await addAddress(u.token, { name: '赵六' });
    expect((await del(u.token, a.id)).body.resultCode).toBe(200);
    let all = await list(u.token);
    expect(all.map((x) => x.id).sort()).toEqual([b.id, c.id].sort());
    expect(all.filter((x) => x.isDefault)).toHaveLength(1);
    expect(await defaultsInDb(u.userId)).toBe(1);

    const def = all.find((x) => x.isDefault)!;
    const other = all.find((x) => !x.isDefault)!;
    expect((await del(u.token, other.id)).body.resultCode).toBe(200);
    all = await list(u.token);
    expect(all).toEqual([{ ...def }]);
    expect((await del(u.token, def.id)).body.resultCode).toBe(200);
    expect(await list(u.token)).toEqual([]);
    // gone → 404
    expect((await del(u.token, def.id)).body.resultCode).toBe(404);
  });
});

describe('limits and ownership', () => {
  it(`the ${ADDRESS_MAX_PER_USER + 1}th address → 409; after a delete there is room again`, async () => {
    const u = await loginNew();
    const made: Address[] = [];
    for (let i = 0; i < ADDRESS_MAX_PER_USER; i++) made.push(await addAddress(u.token, { addressDetail: `测试路 ${i} 号` }));
    const msg = await fails(409, createPost, req('POST', '/addresses', ADDRESS, { token: u.token }));
    expect(msg).toMatch(HAN);
    expect(await list(u.token)).toHaveLength(ADDRESS_MAX_PER_USER);
    await del(u.token, made[5].id);
    await addAddress(u.token);
    expect(await list(u.token)).toHaveLength(ADDRESS_MAX_PER_USER);
    // another user is not limited by this one
    const v = await loginNew();
    await addAddress(v.token);
  });

  it("another user's address id → 404 for GET, PUT and DELETE; nothing changes", async () => {
    const owner = await loginNew();
    const intruder = await loginNew();
    await addAddress(intruder.token);
    const a = await addAddress(owner.token);
    const t = intruder.token;
    await fails(404, addrGet, req('GET', `/addresses/${a.id}`, undefined, { token: t }), ctx({ id: a.id }));
    expect((await put(t, a.id, { ...ADDRESS, name: '黑客', isDefault: true })).body.resultCode).toBe(404);
    expect((await del(t, a.id)).body.resultCode).toBe(404);
    expect(await list(owner.token)).toEqual([a]);
    expect((await list(t)).map((x) => x.id)).not.toContain(a.id);
    expect(await defaultsInDb(intruder.userId)).toBe(1);
  });

  it('unknown and malformed ids → 404', async () => {
    const u = await loginNew();
    for (const id of ['999999', 'abc', '0', '-3', '1e3', '12345678901']) {
      const c = { params: Promise.resolve({ id }) };
      await fails(404, addrGet, req('GET', `/addresses/${id}`, undefined, { token: u.token }), c);
      await fails(404, addrDelete, req('DELETE', `/addresses/${id}`, undefined, { token: u.token }), { params: Promise.resolve({ id }) });
      await fails(404, addrPut, req('PUT', `/addresses/${id}`, ADDRESS, { token: u.token }), { params: Promise.resolve({ id }) });
    }
  });
});
