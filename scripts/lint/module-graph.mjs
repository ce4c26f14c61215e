/**
 * The service layer's shape, checked in the lint stage (docs/architecture.md#rules):
 *   1. a module (lib/server/modules/<name>/) is entered only through its index.ts: nothing outside the
 *      folder imports another of its files;
 *   2. modules never import flows (lib/server/flows/), which sit above them;
 *   3. no import cycle between units: each module folder is one unit, the flows folder is one, so is
 *      every other folder of lib/server, and every other file is a unit of its own. Type-only imports count: a cycle of types is still two
 *      modules that cannot be read apart;
 *   4. the database layer (lib/server/db/) imports no module and no flow: no floor reaches up;
 *   5. no import cycle between files of lib/server, type-only imports counted as in 3 (one through two
 *      units is named once, by 3);
 *   6. ownership (checkOwners): a table, as a value, is imported only by its owner (the schema file that
 *      defines it, lib/server/db/schema/<owner>.ts, names the module or folder that owns it); flows and
 *      app/, components/ import none; views (lib/server/views/) import any but never write; the database
 *      layer, scripts/ and tests/ are free. Type-only imports are free; a dynamic import() of a schema
 *      file names all of its tables.
 * `node scripts/lint/module-graph.mjs` exits 1 and names each problem of 1–6 (lintProblems);
 * `--owners` names only the ownership crossings and exits 1 if there is any; `--mermaid` prints the
 * graph of modules and flows that docs/architecture.md draws, `--tables` its tables of modules, flows,
 * views and table owners (./architecture-doc.mjs; `--tables --write` puts them into the page). The
 * functions are exported for the rules' test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { architectureTables, writeArchitectureTables } from './architecture-doc.mjs';

const MODULES = 'lib/server/modules/';
const FLOWS = 'lib/server/flows/';
const SOURCE_DIRS = ['app', 'components', 'lib', 'scripts', 'tests'];
const SOURCE_FILES = ['proxy.ts', 'instrumentation.ts', 'server.mjs', 'next.config.ts'];
/**
 * Whether the lint stage fails on ownership crossings (rule 6). On: every module reads only its own
 * tables, and a crossing added later fails the lint like any other problem. Off, the default run would
 * only count them (kept as a switch for a tree being brought to 0).
 */
const OWNERSHIP_FAILS = true;

function walk(root, dir) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((f) => {
    if (f === 'node_modules' || f.startsWith('.')) return [];
    const rel = path.join(dir, f);
    return statSync(path.join(root, rel)).isDirectory() ? walk(root, rel) : /\.(ts|tsx|mts|mjs)$/.test(f) ? [rel] : [];
  });
}

function resolve(root, from, spec) {
  let p;
  if (spec.startsWith('@/')) p = spec.slice(2);
  else if (spec.startsWith('./') || spec.startsWith('../')) p = path.join(path.dirname(from), spec);
  else return null;
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}.mjs`, `${p}.mts`, `${p}/index.ts`]) {
    const abs = path.join(root, c);
    if (existsSync(abs) && statSync(abs).isFile()) return path.normalize(c);
  }
  return null;
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;

/** Every import between the project's files: { from, to }. */
export function importsOf(root) {
  const files = [...SOURCE_DIRS.flatMap((d) => walk(root, d)), ...SOURCE_FILES.filter((f) => existsSync(path.join(root, f)))];
  const edges = [];
  for (const from of files) {
    const src = readFileSync(path.join(root, from), 'utf8');
    for (const m of src.matchAll(IMPORT)) {
      const to = resolve(root, from, m[2]);
      if (to && to !== from) edges.push({ from, to });
    }
  }
  return edges;
}

/**
 * The unit a file belongs to: `module:<name>`, `flows`, another folder of lib/server (the database
 * layer, payments, the outbox …), or the file itself.
 */
export function unitOf(file) {
  if (file.startsWith(MODULES)) return `module:${file.slice(MODULES.length).split('/')[0]}`;
  if (file.startsWith(FLOWS)) return 'flows';
  const inServer = file.startsWith('lib/server/') && file.slice('lib/server/'.length).split('/');
  if (inServer && inServer.length > 1) return `lib/server/${inServer[0]}/`;
  return file;
}

/** Strongly connected components of more than one unit (Tarjan). */
function cycles(graph) {
  let index = 0;
  const idx = new Map(), low = new Map(), stack = [], on = new Set(), out = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index++); stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The problems in `root`'s imports, each a line a reader can act on. */
export function checkModules(root) {
  const edges = importsOf(root);
  const problems = [];
  const graph = new Map();
  const why = new Map();
  for (const { from, to } of edges) {
    const [a, b] = [unitOf(from), unitOf(to)];
    if (b.startsWith('module:') && a !== b && !to.endsWith('/index.ts')) {
      problems.push(`${from} imports ${to}: past the index of ${b.slice(7)} (import from ${path.dirname(to)} instead)`);
    }
    if (a.startsWith('module:') && b === 'flows') problems.push(`${from} imports ${to}: a module never imports a flow`);
    if (from.startsWith('lib/server/db/') && (b === 'flows' || b.startsWith('module:'))) {
      problems.push(`${from} imports ${to}: the database layer never imports a ${b === 'flows' ? 'flow' : 'module'} (hand it a handler instead, as lib/server/db/after-commit.ts takes one)`);
    }
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
    const key = `${a} -> ${b}`;
    if (!why.has(key)) why.set(key, `${from} -> ${to}`);
  }
  for (const scc of cycles(graph)) {
    const inside = new Set(scc);
    const links = [...why].filter(([k]) => { const [a, b] = k.split(' -> '); return inside.has(a) && inside.has(b); }).map(([, v]) => v);
    problems.push(`import cycle between ${scc.join(', ')}: ${links.join('; ')}`);
  }
  return [...problems, ...fileCycles(edges)];
}

/**
 * Rule 5: the strongly connected groups of files of lib/server, each with the imports inside it. A
 * cycle through two units is already rule 3's (each unit imports the other), so only the imports
 * within a unit are walked here: each cycle is named once.
 */
function fileCycles(edges) {
  const graph = new Map();
  for (const { from, to } of edges) {
    if (!from.startsWith('lib/server/') || unitOf(from) !== unitOf(to)) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  }
  return cycles(graph).map((scc) => {
    const inside = new Set(scc);
    const links = [...new Set(edges.filter(({ from, to }) => inside.has(from) && inside.has(to)).map(({ from, to }) => `${from} -> ${to}`))].sort();
    return `file import cycle between ${scc.join(', ')}: ${links.join('; ')}`;
  });
}

const SCHEMA = 'lib/server/db/schema/';

/** Each table's export name → its owner: the name of the schema file that defines it. */
export function tableOwners(root) {
  const owners = new Map();
  for (const file of walk(root, SCHEMA)) {
    const owner = path.basename(file).replace(/\.ts$/, '');
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)) owners.set(m[1], owner);
  }
  return owners;
}

/**
 * Who may import which tables as values: 'free' (the database layer, scripts, tests), 'view' (any,
 * reading only), or the owner's name whose tables it may import (a module's name, the name of another
 * folder of lib/server), or null: none (flows, app/, components/, other files).
 */
function importerOf(file) {
  if (file.startsWith('lib/server/db/') || file.startsWith('scripts/') || file.startsWith('tests/')) return 'free';
  if (file.startsWith('lib/server/views/')) return 'view';
  if (file.startsWith(FLOWS)) return null;
  if (file.startsWith(MODULES)) return file.slice(MODULES.length).split('/')[0];
  const parts = file.startsWith('lib/server/') ? file.slice('lib/server/'.length).split('/') : [];
  return parts.length > 1 ? parts[0] : null;
}

/**
 * `import`/`export … from` statements with what they name: { spec, names: [{ name, type }], all, type };
 * a dynamic `import('…')` names all of the file's exports (`typeof import('…')` is a type).
 */
const STATEMENT = /\b(?:import|export)\s+(type\s+)?([\w$]+\s*,\s*)?(\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s+(['"])([^'"]+)\4/g;
const DYNAMIC = /(\btypeof\s+)?\bimport\s*\(\s*(['"])([^'"]+)\2\s*\)/g;
function statementsOf(src) {
  const statements = [...src.matchAll(STATEMENT)].map((m) => {
    const type = Boolean(m[1]);
    const names = m[3].startsWith('{')
      ? m[3].slice(1, -1).split(',').map((x) => x.trim()).filter(Boolean).map((x) => ({ type: type || /^type\s/.test(x), name: x.replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim() }))
      : [];
    return { spec: m[5], names, all: m[3].startsWith('*'), type };
  });
  const dynamic = [...src.matchAll(DYNAMIC)].map((m) => ({ spec: m[3], names: [], all: true, type: Boolean(m[1]) }));
  return [...statements, ...dynamic];
}

/** Code without its comments: a comment that spells `.insert(` writes nothing. */
const uncommented = (src) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Rule 6: each import of a table its file may not import, and each write in a view, as a line. */
export function checkOwners(root) {
  const owners = tableOwners(root);
  const files = [...SOURCE_DIRS.flatMap((d) => walk(root, d)), ...SOURCE_FILES.filter((f) => existsSync(path.join(root, f)))];
  const problems = [];
  for (const file of files) {
    const who = importerOf(file);
    if (who === 'free') continue;
    const src = readFileSync(path.join(root, file), 'utf8');
    if (who === 'view') {
      for (const w of new Set(uncommented(src).match(/\.(insert|update|delete)\(/g) ?? [])) problems.push(`${file} writes (${w}): a view only reads`);
      continue;
    }
    const crossing = new Map();
    for (const st of statementsOf(src)) {
      const to = resolve(root, file, st.spec);
      if (!to || !to.startsWith(SCHEMA) || st.type) continue;
      const fromOwner = to === `${SCHEMA}index.ts` ? null : path.basename(to).replace(/\.ts$/, '');
      const named = st.all ? [...owners].filter(([, o]) => !fromOwner || o === fromOwner).map(([t]) => t) : st.names.filter((n) => !n.type).map((n) => n.name);
      for (const t of named) {
        const owner = owners.get(t);
        if (!owner || owner === who) continue;
        if (!crossing.has(owner)) crossing.set(owner, new Set());
        crossing.get(owner).add(t);
      }
    }
    for (const [owner, tables] of crossing) {
      const why =
        who === null
          ? file.startsWith(FLOWS)
            ? 'a flow imports no table (it calls the owners)'
            : 'only the owner of a table imports it (call the owner, or a view)'
          : `${who} imports only its own tables (ask ${owner} through its index)`;
      problems.push(`${file} imports ${[...tables].join(', ')} of ${owner}: ${why}`);
    }
  }
  return problems;
}

/** Everything the lint stage fails on in `root`: rules 1–5, and rule 6 while OWNERSHIP_FAILS is on. */
export function lintProblems(root) {
  const modules = checkModules(root).map((p) => `module graph: ${p}`);
  const owners = OWNERSHIP_FAILS ? checkOwners(root).map((p) => `table owners: ${p}`) : [];
  return [...modules, ...owners];
}

/** The modules and flows and the arrows between them, as a mermaid graph (top: flows). */
export function mermaid(root) {
  const arrows = new Set();
  for (const { from, to } of importsOf(root)) {
    const [a, b] = [unitOf(from), unitOf(to)];
    const shown = (u) => u === 'flows' || u.startsWith('module:');
    if (a !== b && shown(a) && shown(b)) arrows.add(`  ${a.replace('module:', '')} --> ${b.replace('module:', '')}`);
  }
  return ['```mermaid', 'graph TD', ...[...arrows].sort(), '```'].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (process.argv.includes('--mermaid')) {
    console.log(mermaid(root));
  } else if (process.argv.includes('--tables')) {
    if (process.argv.includes('--write')) writeArchitectureTables(root);
    else console.log(architectureTables(root));
  } else if (process.argv.includes('--owners')) {
    const crossings = checkOwners(root);
    for (const p of crossings) console.error(`table owners: ${p}`);
    if (crossings.length) process.exit(1);
    console.log('table owners: every table imported by its owner only');
  } else {
    const problems = lintProblems(root);
    for (const p of problems) console.error(p);
    if (!OWNERSHIP_FAILS) console.log(`table owners: ${checkOwners(root).length} crossing(s) left (listed by --owners; not failing yet)`);
    if (problems.length) process.exit(1);
    console.log(`module graph: no import past an index, no cycle between units or files, no floor reaching up${OWNERSHIP_FAILS ? ', every table imported by its owner only' : ''}`);
  }
}
