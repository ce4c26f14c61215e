/**
 * docs/architecture.md held to the tree (scripts/lint/architecture-doc.mjs): each kind of drift shown
 * failing on a small tree, and the shop's own page true to the shop's folders.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { architectureTables, checkArchitectureDoc, summaryOf, writeArchitectureTables } from '../../scripts/lint/architecture-doc.mjs';

const tables = architectureTables as (root: string) => string;
const check = checkArchitectureDoc as (root: string) => string[];
const summary = summaryOf as (src: string) => string | null;
const write = writeArchitectureTables as (root: string) => void;

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'architecture-doc-'));
  for (const [f, src] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), src);
  }
  return root;
}

const DOC = 'docs/architecture.md';
const WHERE = [
  '## Where to find…',
  '',
  '- **Where an order moves.** `moveOrder` in `lib/server/modules/order/states.ts` ([states.md](states.md#order-moves)).',
  '',
].join('\n');

/** A shop of two modules (one owning two tables), a flow, a view and the demo gateway's books. */
const shop = {
  'lib/server/modules/order/index.ts': `/** Orders and their lines. */\nexport { moveOrder } from './states';`,
  'lib/server/modules/order/states.ts': `/** The one writer of orders.status. */\nexport async function moveOrder() {}`,
  'lib/server/modules/leads/index.ts': `/**\n * The enterprise forms, see docs/leads.md#forms.\n *\n * More about them.\n */\nexport const createLead = 1;`,
  'lib/server/flows/checkout.ts': `/**\n * Checkout: the order written.\n */\nimport 'server-only';`,
  'lib/server/views/orders-list.ts': `/** 我的订单, the shopper's list. */\nexport const list = 1;`,
  'lib/server/db/schema/order.ts': `export const orders = pgTable(\n  'orders', {});\nexport const orderItems = pgTable('order_items', {});`,
  'lib/server/db/schema/leads.ts': `export const leads = pgTable('leads', {});`,
  'lib/server/db/schema/payment-sandbox.ts': `/** The demo gateway's books. */\nexport const sandboxTrades = pgTable('sandbox_trades', {});`,
  'lib/server/db/schema/columns.ts': `export const createdAt = 1;`,
  'lib/server/db/schema/index.ts': `export * from './order';`,
  'docs/states.md': '# States\n\n## Order moves\n',
  'docs/leads.md': '# Leads\n\n## Forms\n',
};

/** The small shop with its page as the tree prints it, then `change` applied. */
function shopWith(change: Record<string, string> = {}, doc?: (printed: string) => string): string {
  const r = tree(shop);
  const printed = `# Architecture\n\n${tables(r)}\n\n${WHERE}`;
  writeFileSync(path.join(r, DOC), doc ? doc(printed) : printed);
  for (const [f, src] of Object.entries(change)) {
    mkdirSync(path.dirname(path.join(r, f)), { recursive: true });
    writeFileSync(path.join(r, f), src);
  }
  return r;
}

describe('the printed tables', () => {
  it('print a row per module, flow, view and other owner, with its summary and its tables', () => {
    const printed = tables(tree(shop));
    expect(printed).toContain('| `order` | Orders and their lines. | `orders`, `order_items` |');
    expect(printed).toContain('| `leads` | The enterprise forms, see [leads.md#forms](leads.md#forms). | `leads` |');
    expect(printed).toContain('| `checkout.ts` | Checkout: the order written. |');
    expect(printed).toContain('| `orders-list.ts` | 我的订单, the shopper\'s list. |');
    expect(printed).toContain('| `payment-sandbox` | The demo gateway\'s books. | `sandbox_trades` |');
    expect(printed).not.toContain('columns');
  });

  it('take a file’s summary from the first line of the doc comment it opens with', () => {
    expect(summary('/** One line. */\nexport {};')).toBe('One line.');
    expect(summary('\n/**\n * First line.\n *\n * Details.\n */')).toBe('First line.');
    expect(summary('/** Opening line\n * goes on. */')).toBe('Opening line');
    expect(summary(`import 'server-only';\n/** Too late. */`)).toBeNull();
    expect(summary('// A line comment.\nexport {};')).toBeNull();
  });
});

describe('the check of docs/architecture.md', () => {
  it('passes the page the tree prints', () => {
    expect(check(shopWith())).toEqual([]);
  });

  it('fails a module, a flow and a view that have no row', () => {
    const r = shopWith({
      'lib/server/modules/subscription/index.ts': '/** Subscriptions. */\nexport {};',
      'lib/server/flows/renew.ts': '/** Renewing one. */\nexport {};',
      'lib/server/views/my-subscriptions.ts': '/** 我的订阅. */\nexport {};',
    });
    const problems = check(r);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^module subscription \(lib\/server\/modules\/subscription\/index\.ts\) has no row in docs\/architecture\.md/);
    expect(problems[1]).toMatch(/^flow renew\.ts \(lib\/server\/flows\/renew\.ts\) has no row/);
    expect(problems[2]).toMatch(/^view my-subscriptions\.ts \(lib\/server\/views\/my-subscriptions\.ts\) has no row/);
  });

  it('fails rows that name a module, a flow or a view that is not there', () => {
    const r = shopWith();
    rmSync(path.join(r, 'lib/server/modules/leads'), { recursive: true });
    rmSync(path.join(r, 'lib/server/db/schema/leads.ts'));
    rmSync(path.join(r, 'lib/server/flows/checkout.ts'));
    rmSync(path.join(r, 'lib/server/views/orders-list.ts'));
    expect(check(r)).toEqual([
      'docs/architecture.md has a row for module leads, which is not in lib/server/modules',
      'docs/architecture.md has a row for flow checkout.ts, which is not in lib/server/flows',
      'docs/architecture.md has a row for view orders-list.ts, which is not in lib/server/views',
    ]);
  });

  it('fails a purpose that is not the first line of the doc comment, and a file that opens without one', () => {
    const r = shopWith({
      'lib/server/flows/checkout.ts': '/**\n * Checkout: the order written once per key.\n */',
      'lib/server/views/orders-list.ts': `import 'server-only';\nexport const list = 1;`,
    });
    expect(check(r)).toEqual([
      'the row of flow checkout.ts in docs/architecture.md says "Checkout: the order written."; the first line of lib/server/flows/checkout.ts\'s doc comment says "Checkout: the order written once per key."; `node scripts/lint/module-graph.mjs --tables --write` rewrites the tables',
      "lib/server/views/orders-list.ts opens with no doc comment: its first line is the view's row in docs/architecture.md",
    ]);
  });

  it('fails a module whose listed tables are not its schema file’s', () => {
    const r = shopWith({ 'lib/server/db/schema/order.ts': `export const orders = pgTable('orders', {});\nexport const licenses = pgTable('licenses', {});` });
    expect(check(r)).toEqual(['the row of module order in docs/architecture.md lists the tables orders, order_items; lib/server/db/schema/order.ts defines orders, licenses']);
  });

  it('fails a page without one of its tables', () => {
    const r = shopWith({}, (printed) => printed.replace(/\| view \|[\s\S]*?\n\n/, ''));
    expect(check(r)).toEqual(['docs/architecture.md has no table of views (its header: | view | what it reads |); `node scripts/lint/module-graph.mjs --tables --write` rewrites the tables']);
  });

  it('fails a file named that is not there, and a name said to be in a file that does not declare it (one of a list too)', () => {
    const r = shopWith({}, (printed) =>
      printed.replace(
        '([states.md]',
        'then `moveOrder`,\n  `lockOrder` and `unlockOrder` in `lib/server/modules/order/states.ts`; the limit is `SMS_LIMIT` in `lib/constants.ts` ([states.md]',
      ),
    );
    expect(check(r)).toEqual([
      'docs/architecture.md names lib/constants.ts, which does not exist',
      'docs/architecture.md names lockOrder in lib/server/modules/order/states.ts, which declares no lockOrder',
      'docs/architecture.md names unlockOrder in lib/server/modules/order/states.ts, which declares no unlockOrder',
    ]);
  });

  it('is true again once --write has put the tree’s tables in, the prose around them kept', () => {
    const r = shopWith({ 'lib/server/flows/renew.ts': '/** Renewing one. */\nexport {};', 'lib/server/db/schema/leads.ts': `export const leads = pgTable('leads_v2', {});` }, (printed) =>
      printed.replace('| flow |', 'Flows cross modules.\n\n| flow |'),
    );
    expect(check(r)).toHaveLength(2);
    write(r);
    expect(check(r)).toEqual([]);
    const doc = readFileSync(path.join(r, DOC), 'utf8');
    expect(doc).toContain('Flows cross modules.\n\n| flow |');
    expect(doc).toContain('| `renew.ts` | Renewing one. |');
    expect(doc).toContain(WHERE);
  });

  it('fails a page without "Where to find…"', () => {
    const r = shopWith({}, (printed) => printed.replace(WHERE, ''));
    expect(check(r)).toEqual(['docs/architecture.md has no section "## Where to find…"']);
  });

  it('fails a link to a page of docs/ or a heading that is not there', () => {
    const r = shopWith({ 'docs/states.md': '# States\n\n## Order transitions\n' });
    rmSync(path.join(r, 'docs/leads.md'));
    expect(check(r)).toEqual(['docs/architecture.md links to docs/leads.md, which does not exist', 'docs/architecture.md links to docs/states.md#order-moves, a heading docs/states.md does not have']);
  });

  it('finds the shop’s own page true to its folders', () => {
    expect(check(path.resolve(__dirname, '../..'))).toEqual([]);
  });
});
