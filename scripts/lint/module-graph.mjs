/**
 * The service layer's shape, checked in the lint stage (docs/architecture.md#rules):
 *   1. a module (lib/server/modules/<name>/) is entered only through its index.ts: nothing outside the
 *      folder imports another of its files;
 *   2. modules never import flows (lib/server/flows/), which sit above them;
 *   3. no import cycle between units: each module folder is one unit, the flows folder is one, so is
 *      every other folder of lib/server, and every other file is a unit of its own. Type-only imports count: a cycle of types is still two
 *      modules that cannot be read apart.
 * `node scripts/lint/module-graph.mjs` exits 1 and names each problem; `--mermaid` prints the graph of
 * modules and flows that docs/architecture.md draws. The functions are exported for the rule's test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = 'lib/server/modules/';
const FLOWS = 'lib/server/flows/';
const SOURCE_DIRS = ['app', 'components', 'lib', 'scripts', 'tests'];
const SOURCE_FILES = ['proxy.ts', 'instrumentation.ts', 'server.mjs', 'next.config.ts'];
/**
 * Imports allowed to close a cycle: the database layer hands a transaction's outbox events to the
 * dispatcher after the commit, loaded late (import()) because the dispatcher's handlers live in the
 * modules (docs/outbox.md#delivery).
 */
const LATE_BOUND = new Set(['lib/server/db/client.ts -> lib/server/flows/outbox-delivery.ts']);


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
    if (a === b || LATE_BOUND.has(`${from} -> ${to}`)) continue;
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
  return problems;
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
  } else {
    const problems = checkModules(root);
    for (const p of problems) console.error(`module graph: ${p}`);
    if (problems.length) process.exit(1);
    console.log('module graph: no import past an index, no cycle between units');
  }
}
