/**
 * ESLint plugin `shop` with one rule, `no-server-in-client`: a file that starts with the 'use client'
 * directive never imports server code: nothing under lib/server (by the `@/lib/server` alias or by a
 * relative path), not lib/site.ts (it reads the server's settings, whose schema would bring zod into
 * every page's JavaScript: the browser takes the shop's identity from lib/shop-identity.ts) and not the
 * `server-only` marker. Whatever a client file imports is bundled for the
 * browser: the database, secrets and Node built-ins must not come along. `server-only` stops that in a
 * build; this says so at the import, in the editor and in the lint stage. docs/architecture.md#rules.
 *
 * Only files with the directive are checked. A file without it that a client file imports ends up in
 * the browser too, but knowing which ones would take the whole import graph. Next's build still stops
 * those at `server-only`, which the database client (lib/server/db/client.ts) and the service modules
 * import.
 *
 * Type-only imports are allowed (`import type …`, `export type … from`, `typeof import(…)`): TypeScript
 * and SWC erase them entirely, so they carry no server code into the bundle, and the API's shapes (an
 * order view, a coupon) are written once, by the server code that makes them. An import whose
 * specifiers are each marked `type` inline is not allowed: under verbatimModuleSyntax it stays in the
 * output as an import of the module for its side effects; write it as `import type`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(ROOT, 'lib', 'server');
/** Files outside lib/server that read the server's settings: lib/site.ts (the browser takes lib/shop-identity.ts). */
const SERVER_FILES = [path.join(ROOT, 'lib', 'site')];

/** Whether the file's directive prologue (the string statements before any other) has 'use client'. */
function isClientFile(program) {
  for (const statement of program.body) {
    const e = statement.type === 'ExpressionStatement' ? statement.expression : null;
    if (!e || e.type !== 'Literal' || typeof e.value !== 'string') return false;
    if (e.value === 'use client') return true;
  }
  return false;
}

/** Whether `spec`, imported by `filename`, is server code. */
function isServerModule(spec, filename) {
  if (spec === 'server-only') return true;
  if (spec === '@/lib/server' || spec.startsWith('@/lib/server/')) return true;
  if (spec === '@/lib/site' || spec === '@/lib/site.ts') return true;
  if (spec.startsWith('./') || spec.startsWith('../')) {
    const target = path.resolve(path.dirname(filename), spec).replace(/\.ts$/, '');
    if (SERVER_FILES.includes(target)) return true;
    const rel = path.relative(SERVER_DIR, path.resolve(path.dirname(filename), spec));
    return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
  }
  return false;
}

/** The text of a string literal, or of a template literal without substitutions; otherwise null. */
function staticString(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "A 'use client' file never imports lib/server or server-only (type-only imports excepted)" },
    schema: [],
    messages: {
      serverImport:
        "'{{spec}}' is server code, and this 'use client' file is bundled for the browser. Move what it needs into lib/ outside lib/server (or take a type with `import type`).",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    if (!isClientFile(sourceCode.ast)) return {};
    const filename = context.filename;
    const check = (source, node) => {
      const spec = staticString(source);
      if (spec !== null && isServerModule(spec, filename)) context.report({ node, messageId: 'serverImport', data: { spec } });
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind !== 'type') check(node.source, node);
      },
      ExportNamedDeclaration(node) {
        if (node.source && node.exportKind !== 'type') check(node.source, node);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node.source, node);
      },
      ImportExpression(node) {
        check(node.source, node);
      },
      TSImportEqualsDeclaration(node) {
        if (node.importKind !== 'type' && node.moduleReference.type === 'TSExternalModuleReference') check(node.moduleReference.expression, node);
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node.arguments[0], node);
      },
    };
  },
};

const plugin = {
  meta: { name: 'shop' },
  rules: { 'no-server-in-client': rule },
};
export default plugin;
