/**
 * The lint stage's rule of modules (scripts/lint/module-graph.mjs, docs/architecture.md#rules): shown
 * failing on a small tree with each kind of mistake, and passing on the shop's own tree.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { checkModules, mermaid } from '../../scripts/lint/module-graph.mjs';

const check = checkModules as (root: string) => string[];
const draw = mermaid as (root: string) => string;

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

  it('finds the shop’s own tree clean, and docs/architecture.md draws it as it is', () => {
    const shop = path.resolve(__dirname, '../..');
    expect(check(shop)).toEqual([]);
    expect(readFileSync(path.join(shop, 'docs/architecture.md'), 'utf8')).toContain(draw(shop));
  });
});
