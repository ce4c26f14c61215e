/**
 * docs/architecture.md held to the tree, so the page a newcomer starts from cannot drift.
 *
 * Its tables of modules, flows and views, and of the other owners of tables, are printed from the folders
 * (`architectureTables`, `node scripts/lint/module-graph.mjs --tables`; with `--write`, into the page in
 * place of the tables it has, `writeArchitectureTables`): one row per module folder, flow
 * file and view file, its purpose the first line of the doc comment that opens the module's index.ts or
 * the file, and for a module (or another owner) the database tables its schema file defines.
 * `checkArchitectureDoc` names each way the page differs from the tree: a missing row, a row for nothing,
 * a purpose or a list of tables that is not the code's; a file it names that does not exist, or a name
 * it says is in a file that the file does not declare (the answers of its "Where to find…" are such
 * names); a link to a page of docs/ or to a heading that does not exist.
 * tests/unit/architecture-doc.test.ts runs it on small trees and on the shop's.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DOC = 'docs/architecture.md';
const MODULES = 'lib/server/modules';
const FLOWS = 'lib/server/flows';
const VIEWS = 'lib/server/views';
const SCHEMA = 'lib/server/db/schema';
const REGENERATE = '`node scripts/lint/module-graph.mjs --tables --write` rewrites the tables';

/** The tables of the page, each found by its header line. */
const KINDS = {
  module: { header: '| module | what it holds | its tables |', where: MODULES },
  flow: { header: '| flow | what it does |', where: FLOWS },
  view: { header: '| view | what it reads |', where: VIEWS },
  owner: { header: '| owner | what it holds | its tables |', where: SCHEMA },
};

const read = (root, file) => readFileSync(path.join(root, file), 'utf8');
const isDir = (root, dir) => existsSync(path.join(root, dir)) && statSync(path.join(root, dir)).isDirectory();
const list = (root, dir) => (isDir(root, dir) ? readdirSync(path.join(root, dir)).sort() : []);

/**
 * The first line of the doc comment that opens `src` (blank lines before it allowed), or null when the
 * file opens with anything else: that line is the file's summary, the row docs/architecture.md prints.
 */
export function summaryOf(src) {
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(src);
  if (!m) return null;
  const first = m[1]
    .split('\n')
    .map((l) => l.replace(/^\s*\*?\s?/, '').trim())
    .find(Boolean);
  return first ?? null;
}

/** The SQL names of the tables a schema file defines (`pgTable('order_items', …)`), in file order. */
function sqlTables(src) {
  return [...src.matchAll(/^export const \w+ = pgTable\(\s*'([^']+)'/gm)].map((m) => m[1]);
}

/**
 * What the tree says each table of the page should hold: kind → rows of { name, file, summary, tables }.
 * A module's tables are its schema file's (lib/server/db/schema/<module>.ts); the other owners are the
 * schema files named for no module (a folder of lib/server: http, the demo gateways …).
 */
function treeRows(root) {
  const modules = list(root, MODULES).filter((d) => isDir(root, `${MODULES}/${d}`));
  const schemaFiles = list(root, SCHEMA).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
  const tablesOf = (owner) => (schemaFiles.includes(`${owner}.ts`) ? sqlTables(read(root, `${SCHEMA}/${owner}.ts`)) : []);
  const row = (name, file, tables) => ({ name, file, summary: existsSync(path.join(root, file)) ? summaryOf(read(root, file)) : null, tables });
  const files = (dir) => list(root, dir).filter((f) => f.endsWith('.ts'));
  return {
    module: modules.map((m) => row(m, `${MODULES}/${m}/index.ts`, tablesOf(m))),
    flow: files(FLOWS).map((f) => row(f, `${FLOWS}/${f}`)),
    view: files(VIEWS).map((f) => row(f, `${VIEWS}/${f}`)),
    owner: schemaFiles
      .map((f) => f.replace(/\.ts$/, ''))
      .filter((o) => !modules.includes(o) && tablesOf(o).length > 0)
      .map((o) => row(o, `${SCHEMA}/${o}.ts`, tablesOf(o))),
  };
}

/** A summary as a table cell: its pointers into docs/ become links from docs/architecture.md. */
const cell = (summary) => (summary ?? '').replace(/\|/g, '\\|').replace(/\bdocs\/([\w/.-]+\.md)(#[\p{L}\p{N}_-]+)?/gu, (_, f, h = '') => `[${f}${h}](${f}${h})`);
const names = (tables) => (tables.length ? tables.map((t) => `\`${t}\``).join(', ') : '—');

/** The four tables as docs/architecture.md holds them, each under its header line. */
export function architectureTables(root) {
  const rows = treeRows(root);
  const table = (kind, line) => [KINDS[kind].header, KINDS[kind].header.replace(/[^|]+/g, '---'), ...rows[kind].map(line)].join('\n');
  return [
    table('module', (r) => `| \`${r.name}\` | ${cell(r.summary)} | ${names(r.tables)} |`),
    table('flow', (r) => `| \`${r.name}\` | ${cell(r.summary)} |`),
    table('view', (r) => `| \`${r.name}\` | ${cell(r.summary)} |`),
    table('owner', (r) => `| \`${r.name}\` | ${cell(r.summary)} | ${names(r.tables)} |`),
  ].join('\n\n');
}

/**
 * Puts the printed tables into docs/architecture.md in place of the ones it holds (each found by its
 * header), leaving the prose as it is; a table the page lacks is not added: the check names it.
 */
export function writeArchitectureTables(root) {
  const lines = read(root, DOC).split('\n');
  for (const table of architectureTables(root).split('\n\n')) {
    const rows = table.split('\n');
    const start = lines.indexOf(rows[0]);
    if (start < 0) continue;
    let end = start;
    while (end < lines.length && lines[end].startsWith('|')) end++;
    lines.splice(start, end - start, ...rows);
  }
  writeFileSync(path.join(root, DOC), lines.join('\n'));
}

/** The cells of the rows under `header` in `doc` (up to the first line that is not a row), or null without one. */
function docRows(doc, header) {
  const lines = doc.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) return null;
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim()));
  }
  return rows;
}

const unquote = (c) => c.replace(/^`|`$/g, '');
const tablesIn = (c) => (c === '—' ? [] : c.split(',').map((t) => unquote(t.trim())));

/** How each table's rows differ from the tree, one line each. */
function checkTables(root, doc) {
  const problems = [];
  const tree = treeRows(root);
  for (const [kind, { header, where }] of Object.entries(KINDS)) {
    const rows = docRows(doc, header);
    if (!rows) {
      problems.push(`${DOC} has no table of ${kind}s (its header: ${header}); ${REGENERATE}`);
      continue;
    }
    const byName = new Map(rows.map((r) => [unquote(r[0]), r]));
    for (const t of tree[kind]) {
      const r = byName.get(t.name);
      if (t.summary === null) problems.push(`${t.file} opens with no doc comment: its first line is the ${kind}'s row in ${DOC}`);
      if (!r) {
        problems.push(`${kind} ${t.name} (${t.file}) has no row in ${DOC}; ${REGENERATE}`);
        continue;
      }
      if (t.summary !== null && r[1] !== cell(t.summary)) problems.push(`the row of ${kind} ${t.name} in ${DOC} says "${r[1]}"; the first line of ${t.file}'s doc comment says "${t.summary}"; ${REGENERATE}`);
      if (kind === 'module' || kind === 'owner') {
        const listed = tablesIn(r[2] ?? '');
        if (listed.join() !== t.tables.join()) problems.push(`the row of ${kind} ${t.name} in ${DOC} lists the tables ${listed.join(', ') || 'none'}; ${SCHEMA}/${t.name}.ts defines ${t.tables.join(', ') || 'none'}`);
      }
    }
    const known = new Set(tree[kind].map((t) => t.name));
    for (const name of byName.keys()) if (!known.has(name)) problems.push(`${DOC} has a row for ${kind} ${name}, which is not in ${where}`);
  }
  return problems;
}

/** The lines of the section under `heading` (a `## ` heading) up to the next heading of its level. */
function section(doc, heading) {
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Whether `src` declares `name` (a function, class, variable, or a name it exports), or for `a.b`, `a` with a member `b`. */
function declares(src, name) {
  const [outer, ...members] = name.split('.');
  const own = new RegExp(`\\b(?:function\\*?|class|const|let|var)\\s+${outer}\\b`).test(src) || new RegExp(`\\bexport\\s*\\{[^}]*\\b${outer}\\b[^}]*\\}`).test(src);
  return own && members.every((m) => new RegExp(`\\b${m}\\b`).test(src));
}

const WHERE = '## Where to find…';
const FILE = /`((?:app|components|lib|scripts|tests|eslint-rules|docs)\/[\w./@[\]-]+\.(?:ts|tsx|mjs|mts|md))`/g;
/** "`a` in `file`", and "`a`, `b` and `c` in `file`": each name said to be in the file. */
const NAMES_IN_FILE = /((?:`[\w$.]+`(?:\(\))?(?:,\s+|\s+and\s+|\s+or\s+))*`[\w$.]+`(?:\(\))?)\s+in\s+`([\w./@[\]-]+\.(?:ts|tsx|mjs|mts))`/g;

/**
 * Every file the page names exists, and every `name` it says is in a file is declared there; the page
 * has its section "Where to find…", whose answers are such names.
 */
function checkNames(root, doc) {
  const problems = section(doc, WHERE) === null ? [`${DOC} has no section "${WHERE}"`] : [];
  for (const [, file] of doc.matchAll(FILE)) if (!existsSync(path.join(root, file))) problems.push(`${DOC} names ${file}, which does not exist`);
  for (const [, list, file] of doc.matchAll(NAMES_IN_FILE)) {
    if (!existsSync(path.join(root, file))) continue;
    const src = read(root, file);
    for (const [, name] of list.matchAll(/`([\w$.]+)`/g)) if (!declares(src, name)) problems.push(`${DOC} names ${name} in ${file}, which declares no ${name}`);
  }
  return [...new Set(problems)];
}

/** The anchors of a markdown page's headings, as GitHub makes them (lower case, punctuation dropped, spaces to -, repeats numbered). */
function anchorsOf(md) {
  const seen = new Map();
  const out = new Set();
  for (const [, text] of md.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = text
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Every link of the page to another page of docs/ (or to one of its own headings) finds the page and the heading. */
function checkLinks(root, doc) {
  const problems = [];
  for (const [, target] of doc.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [file, anchor] = target.split('#');
    const page = file ? path.join('docs', file) : DOC;
    if (!existsSync(path.join(root, page))) problems.push(`${DOC} links to ${page}, which does not exist`);
    else if (anchor && !anchorsOf(read(root, page)).has(anchor)) problems.push(`${DOC} links to ${page}#${anchor}, a heading ${page} does not have`);
  }
  return [...new Set(problems)];
}

/** Each way docs/architecture.md differs from the tree at `root`, one line each (none: the page is true). */
export function checkArchitectureDoc(root) {
  if (!existsSync(path.join(root, DOC))) return [`${DOC} does not exist`];
  const doc = read(root, DOC);
  return [...checkTables(root, doc), ...checkNames(root, doc), ...checkLinks(root, doc)];
}
