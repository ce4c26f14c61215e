/**
 * The lint stage's rule of modules (scripts/lint/module-graph.mjs, docs/architecture.md#rules): shown
 * failing on a small tree with each kind of mistake, and passing on the shop's own tree.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { checkModules, checkOwners, lintProblems, mermaid, tableOwners } from '../../scripts/lint/module-graph.mjs';

const check = checkModules as (root: string) => string[];
const owners = checkOwners as (root: string) => string[];
const ownerOf = tableOwners as (root: string) => Map<string, string>;
const draw = mermaid as (root: string) => string;
const lint = lintProblems as (root: string) => string[];

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'module-graph-'));
  for (const [f, src] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), src);
  }
  return root;
}

const M = 'lib/server/modules';

describe('the module graph rule', () => {
  it('passes modules entered through their index, in one direction', () => {
    const r = tree({
      [`${M}/order/index.ts`]: `export { moveOrder } from './states';`,
      [`${M}/order/states.ts`]: `export const moveOrder = 1;`,
      [`${M}/refund/index.ts`]: `export { recordRefund } from './refund';`,
      [`${M}/refund/refund.ts`]: `import { moveOrder } from '../order';\nexport const recordRefund = moveOrder;`,
      'lib/server/flows/settle.ts': `import { recordRefund } from '../modules/refund';\nimport { moveOrder } from '@/lib/server/modules/order';\nexport const settle = [recordRefund, moveOrder];`,
      'app/api/route.ts': `import { settle } from '@/lib/server/flows/settle';\nexport const GET = settle;`,
    });
    expect(check(r)).toEqual([]);
  });

  it('fails an import past a module’s index', () => {
    const r = tree({
      [`${M}/order/index.ts`]: `export { moveOrder } from './states';`,
      [`${M}/order/states.ts`]: `export const moveOrder = 1;`,
      // Spelled in two parts, so this file itself does not read as an import past the index.
      'app/api/route.ts': `import { moveOrder } from '${['@/lib/server/modules/order', 'states'].join('/')}';\nexport const GET = moveOrder;`,
    });
    expect(check(r)).toEqual([`app/api/route.ts imports ${M}/order/states.ts: past the index of order (import from ${M}/order instead)`]);
  });

  it('fails a cycle between two modules, a type-only import included, naming the imports that close it', () => {
    const r = tree({
      [`${M}/order/index.ts`]: `export { moveOrder } from './states';`,
      [`${M}/order/states.ts`]: `import type { Refund } from '../refund';\nexport const moveOrder = (r: Refund) => r;`,
      [`${M}/refund/index.ts`]: `export { type Refund, recordRefund } from './refund';`,
      [`${M}/refund/refund.ts`]: `import { moveOrder } from '../order';\nexport type Refund = number;\nexport const recordRefund = moveOrder;`,
    });
    const problems = check(r);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('import cycle between module:order, module:refund');
    expect(problems[0]).toContain(`${M}/order/states.ts -> ${M}/refund/index.ts`);
    expect(problems[0]).toContain(`${M}/refund/refund.ts -> ${M}/order/index.ts`);
  });

  it('fails a module that imports a flow', () => {
    const r = tree({
      [`${M}/order/index.ts`]: `export { x } from './x';`,
      [`${M}/order/x.ts`]: `import { settle } from '../../flows/settle';\nexport const x = settle;`,
      'lib/server/flows/settle.ts': `export const settle = 1;`,
    });
    expect(check(r)).toEqual([`${M}/order/x.ts imports lib/server/flows/settle.ts: a module never imports a flow`]);
  });

  it('fails the database layer importing a module or a flow, a type-only import included', () => {
    const r = tree({
      [`${M}/outbox/index.ts`]: `export const backlog = 1;`,
      'lib/server/flows/deliver.ts': `export type Event = number;`,
      'lib/server/db/client.ts': `import { backlog } from '../modules/outbox';\nimport type { Event } from '@/lib/server/flows/deliver';\nexport const x: Event = backlog;`,
    });
    expect(check(r)).toEqual([
      'lib/server/db/client.ts imports lib/server/modules/outbox/index.ts: the database layer never imports a module (hand it a handler instead, as lib/server/db/after-commit.ts takes one)',
      'lib/server/db/client.ts imports lib/server/flows/deliver.ts: the database layer never imports a flow (hand it a handler instead, as lib/server/db/after-commit.ts takes one)',
    ]);
  });

  it('fails a cycle between two files of one folder, a type-only import included, naming its imports', () => {
    const r = tree({
      'lib/server/db/client.ts': `import { markCommitted } from './mark';\nexport type Tx = number;\nexport const withTx = markCommitted;`,
      'lib/server/db/mark.ts': `import type { Tx } from './client';\nexport const markCommitted = (tx: Tx) => tx;`,
      'lib/server/db/types.ts': `export type Db = number;`,
    });
    expect(check(r)).toEqual([
      'file import cycle between lib/server/db/client.ts, lib/server/db/mark.ts: lib/server/db/client.ts -> lib/server/db/mark.ts; lib/server/db/mark.ts -> lib/server/db/client.ts',
    ]);
  });

  it('finds the shop’s own tree clean, and docs/architecture.md draws it as it is', () => {
    const shop = path.resolve(__dirname, '../..');
    expect(check(shop)).toEqual([]);
    expect(readFileSync(path.join(shop, 'docs/architecture.md'), 'utf8')).toContain(draw(shop));
  });
});

const S = 'lib/server/db/schema';
/** A schema of two owners (accounts, order) and the barrel, as the shop's is laid out. */
const schema = {
  [`${S}/accounts.ts`]: `export const users = pgTable('users', {});\nexport const sessions = pgTable('sessions', {});`,
  [`${S}/order.ts`]: `import { users } from './accounts';\nexport const orders = pgTable(\n  'orders', { u: users });\nexport type Snapshot = {};`,
  [`${S}/index.ts`]: `export * from './accounts';\nexport * from './order';`,
};

describe('the table ownership rule', () => {
  it('maps each table to the schema file that defines it', () => {
    expect([...ownerOf(tree(schema))].sort()).toEqual([
      ['orders', 'order'],
      ['sessions', 'accounts'],
      ['users', 'accounts'],
    ]);
  });

  it('passes owners importing their own tables, from the barrel or their file, and free places importing any', () => {
    const r = tree({
      ...schema,
      [`${M}/order/orders.ts`]: `import { orders, type Snapshot } from '@/lib/server/db/schema';\nimport { orders as o } from '../../db/schema/order';\nexport const x = [orders, o];`,
      [`${M}/order/types.ts`]: `import type { users } from '../../db/schema';\nimport { type sessions } from '@/lib/server/db/schema/accounts';\nexport type U = typeof users | typeof sessions;`,
      [`${M}/accounts/index.ts`]: `import * as mine from '../../db/schema/accounts';\nexport const x = mine;`,
      'lib/server/views/order-detail.ts': `import { orders, users } from '@/lib/server/db/schema';\nexport const read = (db) => db.select().from(orders).innerJoin(users); // never .update( here`,
      'lib/server/db/seed.ts': `import { orders, users } from './schema';\nexport const x = [orders, users];`,
      'scripts/seed.ts': `import * as schema from '../lib/server/db/schema';\nexport const x = schema;`,
      'tests/api/x.test.ts': `import { users } from '@/lib/server/db/schema';\nexport const x = users;`,
      'app/api/route.ts': `import type { orders } from '@/lib/server/db/schema';\nexport type O = typeof orders;`,
    });
    expect(owners(r)).toEqual([]);
  });

  it('fails a module, a folder of lib/server, a flow and app/ importing tables they do not own, and a view that writes', () => {
    const r = tree({
      ...schema,
      [`${M}/order/orders.ts`]: `import { orders, users, type sessions } from '@/lib/server/db/schema';\nexport const x = [orders, users];`,
      [`${M}/stats/stats.ts`]: `import * as all from '../../db/schema/accounts';\nexport const x = all;`,
      'lib/server/http/limits.ts': `import { sessions } from '../db/schema/accounts';\nexport const x = sessions;`,
      'lib/server/flows/checkout.ts': `import { orders } from '../db/schema';\nexport const x = orders;`,
      'app/api/route.ts': `export { users as GET } from '@/lib/server/db/schema';`,
      'lib/server/views/order-detail.ts': `import { orders } from '@/lib/server/db/schema';\nexport const hide = (db) => db.update(orders).set({});`,
    });
    expect(owners(r).sort()).toEqual([
      'app/api/route.ts imports users of accounts: only the owner of a table imports it (call the owner, or a view)',
      'lib/server/flows/checkout.ts imports orders of order: a flow imports no table (it calls the owners)',
      'lib/server/http/limits.ts imports sessions of accounts: http imports only its own tables (ask accounts through its index)',
      `${M}/order/orders.ts imports users of accounts: order imports only its own tables (ask accounts through its index)`,
      `${M}/stats/stats.ts imports users, sessions of accounts: stats imports only its own tables (ask accounts through its index)`,
      'lib/server/views/order-detail.ts writes (.update(): a view only reads',
    ].sort());
  });

  it('fails a module importing another module’s table every way it can be spelled, and passes its own', () => {
    const r = tree({
      ...schema,
      [`${M}/order/index.ts`]: `export { orders } from './rows';`,
      [`${M}/order/rows.ts`]: `import { orders } from '../../db/schema/order';\nexport { orders };`,
      [`${M}/order/buyer.ts`]: `import { users as buyers } from '../../db/schema/accounts';\nexport const b = buyers;`,
      [`${M}/order/again.ts`]: `export { sessions } from '@/lib/server/db/schema';`,
      [`${M}/order/late.ts`]: `export const load = async () => (await import('../../db/schema/accounts')).users;`,
      [`${M}/order/typed.ts`]: `export type U = typeof import('../../db/schema/accounts').users;`,
    });
    expect(owners(r).sort()).toEqual([
      `${M}/order/again.ts imports sessions of accounts: order imports only its own tables (ask accounts through its index)`,
      `${M}/order/buyer.ts imports users of accounts: order imports only its own tables (ask accounts through its index)`,
      `${M}/order/late.ts imports users, sessions of accounts: order imports only its own tables (ask accounts through its index)`,
    ]);
  });

  it('fails a flow importing any table, even one whose owner it calls, and passes one importing only types', () => {
    const r = tree({
      ...schema,
      'lib/server/flows/pay.ts': `import { orders } from '../db/schema/order';\nexport const x = orders;`,
      'lib/server/flows/all.ts': `import * as schema from '@/lib/server/db/schema';\nexport const x = schema;`,
      'lib/server/flows/typed.ts': `import type { orders } from '../db/schema';\nimport { type users } from '../db/schema';\nexport type X = typeof orders | typeof users;`,
    });
    expect(owners(r).sort()).toEqual([
      'lib/server/flows/all.ts imports orders of order: a flow imports no table (it calls the owners)',
      'lib/server/flows/all.ts imports users, sessions of accounts: a flow imports no table (it calls the owners)',
      'lib/server/flows/pay.ts imports orders of order: a flow imports no table (it calls the owners)',
    ]);
  });

  it('lets a view read every owner’s tables, and fails each view that inserts, updates or deletes', () => {
    const r = tree({
      ...schema,
      'lib/server/views/orders.ts': `import * as all from '@/lib/server/db/schema';\n/* a view never calls .delete( */\nexport const read = (db) => db.select().from(all.orders).innerJoin(all.users);`,
      'lib/server/views/add.ts': `import { sessions } from '@/lib/server/db/schema';\nexport const add = (db) => db.insert(sessions).values({});`,
      'lib/server/views/hide.ts': `import { orders } from '@/lib/server/db/schema';\nexport const hide = (db) => db\n  .update(orders)\n  .set({});`,
      'lib/server/views/drop.ts': `import { users } from '@/lib/server/db/schema';\nexport const drop = (tx) => tx.delete(users);`,
    });
    expect(owners(r).sort()).toEqual([
      'lib/server/views/add.ts writes (.insert(): a view only reads',
      'lib/server/views/drop.ts writes (.delete(): a view only reads',
      'lib/server/views/hide.ts writes (.update(): a view only reads',
    ]);
  });

  it('fails the lint stage on a crossing alone, beside the graph’s rules (the database layer reaching up among them)', () => {
    const crossing = tree({
      ...schema,
      [`${M}/order/index.ts`]: `import { users } from '../../db/schema';\nexport const x = users;`,
    });
    expect(check(crossing)).toEqual([]);
    expect(lint(crossing)).toEqual([`table owners: ${M}/order/index.ts imports users of accounts: order imports only its own tables (ask accounts through its index)`]);
    rmSync(crossing, { recursive: true, force: true });
    const reaching = tree({
      ...schema,
      [`${M}/order/index.ts`]: `export const x = 1;`,
      'lib/server/db/seed.ts': `import { x } from '@/lib/server/modules/order';\nimport { orders } from './schema';\nexport const y = [x, orders];`,
    });
    expect(lint(reaching)).toEqual([
      'module graph: lib/server/db/seed.ts imports lib/server/modules/order/index.ts: the database layer never imports a module (hand it a handler instead, as lib/server/db/after-commit.ts takes one)',
    ]);
  });

  it('finds the shop’s own tree with every table imported by its owner only, so its lint stage passes', () => {
    const shop = path.resolve(__dirname, '../..');
    expect(owners(shop)).toEqual([]);
    expect(lint(shop)).toEqual([]);
  });

  it('knows every table of the shop’s schema by its owner', () => {
    const shop = ownerOf(path.resolve(__dirname, '../..'));
    expect(shop.get('users')).toBe('accounts');
    expect(shop.get('skus')).toBe('catalog');
    expect(shop.get('idempotencyKeys')).toBe('http');
    expect(shop.get('outboxEvents')).toBe('outbox');
    expect(shop.get('subscriptions')).toBe('subscription');
    expect(shop.get('licenses')).toBe('subscription');
    expect(shop.get('subscriptionOrders')).toBe('subscription');
    expect(shop.get('searchSynonyms')).toBe('search');
    expect(shop.get('skuPriceHistory')).toBe('catalog');
    expect(shop.get('priceProtectClaims')).toBe('price-protect');
    expect(shop.get('returnPickups')).toBe('after-sales');
    expect(shop.get('sandboxPickups')).toBe('carrier-sandbox');
    expect(shop.size).toBe(63);
  });
});
