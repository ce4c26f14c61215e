import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST } from '@/app/api/v1/leads/route';
import { MAX_BODY_BYTES } from '@/lib/server/http/envelope';
import { getDb } from '@/lib/server/db/client';
import { leads } from '@/lib/server/db/schema';
import { BASE, envelope, HAN, post } from './helpers';

const valid = {
  name: '张三',
  company: '合肥量子测试有限公司',
  phone: '13800138000',
  email: 'zhang@example.cn',
  product: '量子会议',
  seats: 120,
  message: '希望在内网部署量子会议，约 120 人使用。',
};

async function send(req: Request) {
  const res = await POST(req, undefined);
  return { res, body: await envelope<{ id: number }>(res) };
}

describe('POST /api/v1/leads', () => {
  it('saves a valid lead: 200 and a row in leads', async () => {
    const { res, body } = await send(post('/leads', { ...valid, phone: '+8613900139000' }));
    expect(res.status).toBe(200);
    expect(body.resultCode).toBe(200);
    expect(body.message).toMatch(HAN);
    expect(body.data!.id).toBeGreaterThan(0);
    const db = await getDb();
    const rows = await db.select().from(leads).where(eq(leads.id, body.data!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '张三', company: valid.company, phone: '+8613900139000', product: '量子会议', seats: 120, status: 'new' });
  });

  it('accepts a landline and empty optional fields', async () => {
    const { body } = await send(post('/leads', { ...valid, phone: '0551-65550909', email: '', seats: '', message: '' }));
    expect(body.resultCode).toBe(200);
    const [row] = await (await getDb()).select().from(leads).where(eq(leads.id, body.data!.id));
    expect(row).toMatchObject({ email: null, seats: null, message: '' });
  });

  it('an empty 姓名 → 400 请填写姓名', async () => {
    const { res, body } = await send(post('/leads', { ...valid, name: '' }));
    expect(res.status).toBe(400);
    expect(body).toEqual({ resultCode: 400, message: '请填写姓名' });
  });

  it('a missing 姓名 → 400 naming the field', async () => {
    const { name: _omit, ...rest } = valid;
    const { res, body } = await send(post('/leads', rest));
    expect(res.status).toBe(400);
    expect(body.message).toContain('姓名');
  });

  it.each(['12345', '2380013800', '+85213800138000', ''])('bad phone %j → 400 请填写正确的电话', async (phone) => {
    const { res, body } = await send(post('/leads', { ...valid, phone }));
    expect(res.status).toBe(400);
    expect(body.message).toBe('请填写正确的电话');
  });

  it('every 400 message is Chinese', async () => {
    for (const patch of [{ company: '' }, { product: 'x' }, { email: 'bad' }, { seats: 0 }, { message: 'x'.repeat(1001) }, { name: 7 }]) {
      const { res, body } = await send(post('/leads', { ...valid, ...patch }));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(body.message, JSON.stringify(patch)).toMatch(HAN);
    }
  });

  it('without X-Requested-With → 403 and nothing saved', async () => {
    const db = await getDb();
    const before = (await db.select().from(leads)).length;
    const req = new Request(`${BASE}/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) });
    const { res, body } = await send(req);
    expect(res.status).toBe(403);
    expect(body.resultCode).toBe(403);
    expect(body.message).toMatch(HAN);
    expect((await db.select().from(leads)).length).toBe(before);
  });

  it.each(['{"name":', 'not json', '[1,2', '{"a":1}}'])('invalid JSON %j → 400', async (raw) => {
    const { res, body } = await send(post('/leads', raw));
    expect(res.status).toBe(400);
    expect(body.message).toMatch(HAN);
  });

  it.each(['null', '[]', '"text"', '42', ''])('a JSON body that is not an object (%j) → 400, not 500', async (raw) => {
    const { res } = await send(post('/leads', raw));
    expect(res.status).toBe(400);
  });

  it('an oversized body → 413 (announced by content-length or not)', async () => {
    const big = JSON.stringify({ ...valid, message: 'x'.repeat(MAX_BODY_BYTES + 10) });
    const a = await send(post('/leads', big));
    expect(a.res.status).toBe(413);
    expect(a.body.message).toMatch(HAN);
    const b = await send(post('/leads', '{}', { 'content-length': String(MAX_BODY_BYTES * 4) }));
    expect(b.res.status).toBe(413);
  });

  it('SQL-looking and HTML-looking input is stored verbatim', async () => {
    const name = `Robert'); DROP TABLE leads;--`.slice(0, 40);
    const { body } = await send(post('/leads', { ...valid, name, message: '<script>alert(1)</script>' }));
    expect(body.resultCode).toBe(200);
    const [row] = await (await getDb()).select().from(leads).where(eq(leads.id, body.data!.id));
    expect(row.name).toBe(name);
    expect(row.message).toBe('<script>alert(1)</script>');
  });
});
