/**
 * The fault test's 消息中心 check (scripts/fault/books/messages.mjs, docs/messages.md#fault-test) fails
 * when the books show two messages for one event or two SMS, and passes the one repeat at-least-once
 * delivery owns (the killed process sent, a survivor sent again under the same key). Fed books by hand:
 * a check that could not fail would prove nothing after a SIGKILL.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const checks = vi.hoisted(() => [] as { name: string; problems: string[] }[]);
vi.mock('../../scripts/fault/report.mjs', () => ({ check: (name: string, problems: string[]) => void checks.push({ name, problems }) }));

// The books are plain .mjs scripts without declarations: typed here as the test uses them.
type Books = { messagesOnce: (q: (sql: string) => Promise<object[]>, stage: { env: Record<string, string> }) => Promise<void> };
const BOOK = '../../scripts/fault/books/messages.mjs';
const RECORD = '../../scripts/fault/record.mjs';
const { messagesOnce } = (await import(BOOK)) as Books;
const { killed } = (await import(RECORD)) as { killed: { pid: number; at: number } };

type Notice = { id: number; key: string; kind: string; user_id: number; delivered_at: Date | null };
type Message = { id: number; user_id: number; kind: string; link: string; source_key: string };

const KILLED = 4242;
const LIVING = 5151;
const at = new Date(Date.now() - 60_000);

/** The books' answers: the notify events, the messages, and the "two of one kind about one page" query worked out here. */
function books(notices: Notice[], messages: Message[]) {
  return async (sql: string) => {
    if (sql.includes('from outbox_events')) return notices;
    if (sql.includes('having count')) {
      const groups = new Map<string, Message[]>();
      for (const m of messages) groups.set(`${m.user_id} ${m.kind} ${m.link}`, [...(groups.get(`${m.user_id} ${m.kind} ${m.link}`) ?? []), m]);
      return [...groups.values()].filter((g) => g.length > 1).map((g) => ({ user_id: g[0].user_id, kind: g[0].kind, link: g[0].link, n: g.length }));
    }
    return messages;
  };
}

/** Runs the check over these books and this SMS log ("<key> <template> <pid>" lines); its problems. */
async function problemsOf(notices: Notice[], messages: Message[], smsLines: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-book-'));
  const file = path.join(dir, 'sms.log');
  writeFileSync(file, smsLines.map((l) => `${l}\n`).join(''));
  checks.length = 0;
  await messagesOnce(books(notices, messages), { env: { SMS_DELIVERY_LOG: file } });
  expect(checks.map((c) => c.name)).toEqual(['never two messages for one event, never two SMS']);
  return checks[0].problems;
}

const paid = (id: number, orderNo: string, user = 7): Notice => ({ id, key: `order_paid:${orderNo}`, kind: 'order_paid', user_id: user, delivered_at: at });
const messageOf = (id: number, n: Notice, link = `/OrderDetail?orderNo=${n.key.split(':')[1]}`): Message => ({ id, user_id: n.user_id, kind: n.kind, link, source_key: n.key });

beforeEach(() => {
  killed.pid = KILLED;
  killed.at = Date.now() - 120_000;
});

describe('the fault test’s 消息中心 books', () => {
  it('pass one message and one SMS per event, and the SMS the killed process sent and a survivor sent again under its key', async () => {
    const a = paid(1, '20260000000001');
    const b = paid(2, '20260000000002');
    expect(await problemsOf([a, b], [messageOf(10, a), messageOf(11, b)], [`outbox-1 order_paid ${LIVING}`, `outbox-2 order_paid ${KILLED}`, `outbox-2 order_paid ${LIVING}`, `- login_code ${LIVING}`])).toEqual([]);
  });

  it('fail two messages of one event (two notify events of one order under drifting keys)', async () => {
    const a = paid(1, '20260000000001');
    const again = { ...paid(2, '20260000000001'), key: 'order_paid:20260000000001-retry' };
    const problems = await problemsOf([a, again], [messageOf(10, a), messageOf(11, again, '/OrderDetail?orderNo=20260000000001')], []);
    expect(problems).toEqual(['user 7: 2 order_paid messages about /OrderDetail?orderNo=20260000000001']);
  });

  it('fail an SMS sent twice by living processes, even under one key', async () => {
    const a = paid(1, '20260000000001');
    const problems = await problemsOf([a], [messageOf(10, a)], [`outbox-1 order_paid ${LIVING}`, `outbox-1 order_paid ${LIVING + 1}`]);
    expect(problems).toEqual([`SMS outbox-1: sent 2 times (by pids ${LIVING}, ${LIVING + 1}; killed ${KILLED})`]);
  });

  it('fail two events of one source key that both sent an SMS (two keys: two SMS on the phone)', async () => {
    const a = paid(1, '20260000000001');
    const b = { ...paid(2, '20260000000001') };
    const problems = await problemsOf([a, b], [messageOf(10, a)], [`outbox-1 order_paid ${LIVING}`, `outbox-2 order_paid ${LIVING}`]);
    expect(problems).toEqual(['order_paid:20260000000001: SMS sent by 2 events (outbox-1, outbox-2)']);
  });

  it('fail a delivered event with no message', async () => {
    const a = paid(1, '20260000000001');
    expect(await problemsOf([a], [], [])).toEqual(['notify event 1 (order_paid:20260000000001): delivered, but no message']);
  });
});
