/**
 * The lint rule that keeps server code out of client components (eslint-rules/no-server-in-client.mjs),
 * run through ESLint with the shop's own eslint.config.mjs on sources that exist only here: a file named
 * under components/ or lib/ that starts with 'use client' may not import lib/server or server-only; the
 * same imports in a file without the directive are fine, and so are type-only imports.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'shop/no-server-in-client';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rule's messages for `code` as the file `file` (relative to the repository; it need not exist). */
async function lint(code: string, file = 'components/probe/probe.tsx') {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => ({ line: m.line, message: m.message }));
}

// The module paths are spelled in two parts: scripts/lint/module-graph.mjs reads import specifiers in
// any text, strings included, and these fixtures are not imports of this file.
const SERVER = '@/lib/' + 'server';

describe("shop/no-server-in-client: a 'use client' file never imports server code", () => {
  it("reports a 'use client' file importing @/lib/server/…", async () => {
    const found = await lint(`'use client';\nimport { x } from '${SERVER}/x';\nexport const y = x;\n`);
    expect(found).toHaveLength(1);
    expect(found[0].line).toBe(2);
    expect(found[0].message).toContain(`'${SERVER}/x' is server code`);
  });

  it('reports nothing for the same import without the directive (a server component)', async () => {
    expect(await lint(`import { x } from '${SERVER}/x';\nexport const y = x;\n`)).toEqual([]);
  });

  it('reports server-only, the bare alias, relative paths into lib/server, re-exports, import() and require()', async () => {
    const code = [
      `'use client';`,
      `import 'server-only';`,
      `import { a } from '${SERVER}';`,
      `import { b } from '../../lib/${'server'}/db/schema';`,
      `export { c } from '${SERVER}/c';`,
      `export * from '${SERVER}/d';`,
      `export const e = () => import('${SERVER}/e');`,
      `export const f = require('${SERVER}/f');`,
      `export const g = [a, b];`,
    ].join('\n');
    expect((await lint(code)).map((m) => m.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads relative paths from where the file is: lib/ reaches lib/server with ./server', async () => {
    const code = `'use client';\nimport { a } from './${'server'}/a';\nimport { b } from './server-side-name';\nexport const c = [a, b];\n`;
    expect((await lint(code, 'lib/probe.ts')).map((m) => m.line)).toEqual([2]);
  });

  it("reports lib/site (the server's settings) by alias and by relative path, and allows lib/shop-identity", async () => {
    const code = [
      `'use client';`,
      `import { SHOP_NAME } from '@/lib/site';`,
      `import { TERMS_PATH } from '../../lib/site';`,
      `import { PRIVACY_PATH } from '@/lib/shop-identity';`,
      `export const all = [SHOP_NAME, TERMS_PATH, PRIVACY_PATH];`,
    ].join('\n');
    const found = await lint(code);
    expect(found.map((m) => m.line)).toEqual([2, 3]);
    expect(found[0].message).toContain("'@/lib/site' is server code");
  });

  it('allows type-only imports and re-exports (erased before bundling), not inline type specifiers', async () => {
    const code = [
      `'use client';`,
      `import type { A } from '${SERVER}/a';`,
      `export type { B } from '${SERVER}/b';`,
      `import { type C } from '${SERVER}/c';`,
      `export type D = A | C | typeof import('${SERVER}/d');`,
    ].join('\n');
    expect((await lint(code)).map((m) => m.line)).toEqual([4]);
  });

  it("finds the directive after comments, and only in the prologue: 'use client' after an import is no directive", async () => {
    expect(await lint(`// a comment\n/* another */\n'use client';\nimport { x } from '${SERVER}/x';\nexport const y = x;\n`)).toHaveLength(1);
    expect(await lint(`import { x } from '${SERVER}/x';\n'use client';\nexport const y = x;\n`)).toEqual([]);
  });

  it('leaves browser-safe imports alone', async () => {
    const code = `'use client';\nimport { useState } from 'react';\nimport type { ProductImage } from '@/lib/domain/product-image';\nimport { formatFen } from '@/lib/domain/money';\nexport const x: [typeof useState, ProductImage?, typeof formatFen] = [useState, undefined, formatFen];\n`;
    expect(await lint(code)).toEqual([]);
  });
});
