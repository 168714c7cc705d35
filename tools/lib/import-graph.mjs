// The import graphs of src/ and of pb_hooks/, read from the files themselves (a regex per statement; src's relative
// paths resolved as Vite does, the hooks' `require(`${__hooks}/…`)` from pb_hooks/): who imports whom, and whether
// only types. tests/unit/import-graph.test.ts and hooks-graph.test.ts hold both to the same rules: no import cycle,
// and no two concept folders (src/features/*, pb_hooks/*) that import each other.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|js|mjs|astro)$/;
const TRIED = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.astro', '/index.ts', '/index.tsx'];

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`: [statement, clause, specifier]. */
const STATEMENT =
  /^\s*(?:import|export)\s+(?:(type\s+[\s\S]*?|[\s\S]*?)\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/gm;

/**
 * Every import between files under `dir` (relative to the repository, 'src' by default): { from, to, types }, the
 * paths relative to the repository; `types` when the statement brings types alone (`import type`, or every name
 * marked `type`). Packages and virtual modules are left out.
 */
export function importGraph(dir = 'src') {
  const edges = [];
  for (const file of sourceFiles(join(root, dir))) {
    const text = codeOf(file);
    for (const match of text.matchAll(STATEMENT)) {
      const specifier = match[2] ?? match[3];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveFrom(file, specifier);
      if (!target) continue;
      edges.push({ from: relative(root, file), to: relative(root, target), types: typesOnly(match[1]) });
    }
  }
  return edges;
}

function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(dir, name));
}

/** The code an import can sit in: an .astro file's frontmatter and scripts are searched whole (markup has none). */
function codeOf(file) {
  return readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
}

function resolveFrom(file, specifier) {
  const base = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
  for (const ending of TRIED) {
    const candidate = base + ending;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function typesOnly(clause) {
  if (!clause) return false;
  const trimmed = clause.trim();
  if (/^type\s/.test(trimmed)) return true;
  const names = /^\{([\s\S]*)\}$/.exec(trimmed);
  if (!names) return false;
  const list = names[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((name) => /^type\s/.test(name));
}

/** The import cycles among `edges` (its strongly connected components of more than one file, or a file importing
 * itself), each as its files sorted. */
export function cyclesOf(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || next.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The feature folder a path is in (src/features/<name>/…), or null. */
export const featureOf = (path) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/**
 * The server concept a module is in: pb_hooks/<name>/…, or pb_hooks/platform/<name>/… for a platform part (edge,
 * contract, outbound…). Null for a loose platform module (platform/door.js), which any concept may use, and for a
 * hook file (*.pb.js), which nothing requires: only modules can depend on each other both ways.
 * @param {string} path
 * @returns {string | null}
 */
export function hooksConceptOf(path) {
  if (path.endsWith('.pb.js')) return null;
  const platform = /^pb_hooks\/platform\/([^/]+)\//.exec(path);
  if (platform) return platform[1] ?? null;
  return /^pb_hooks\/(?!platform\/)([^/]+)\//.exec(path)?.[1] ?? null;
}

const HOOKS_REQUIRE = /require\(\s*`\$\{__hooks\}\/([^`]+)`\s*\)/g;

/**
 * Every `require(`${__hooks}/…`)` between files under pb_hooks/: { from, to, types: false, missing }, the paths
 * relative to the repository; `missing` when no such file exists. A module that requires itself (a handler that
 * PocketBase recompiles from its source, alone, needs its own module) is left out; so are requires whose path
 * is computed (`${name}`), which name no one file.
 */
export function hooksGraph(dir = 'pb_hooks') {
  const edges = [];
  for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const from = `${dir}/${file}`;
    for (const match of codeOf(join(root, from)).matchAll(HOOKS_REQUIRE)) {
      const to = `${dir}/${match[1]}`;
      if (to === from || to.includes('${')) continue;
      edges.push({ from, to, types: false, missing: !existsSync(join(root, to)) });
    }
  }
  return edges;
}

/** Pairs of folders (`conceptOf`: featureOf or hooksConceptOf) that import each other: "a ↔ b (a/x → b/y; b/z → a/w)". */
export function twoWayFeatures(edges, conceptOf = featureOf) {
  const between = new Map();
  const inside = (path) => path.replace(/^(src\/features|pb_hooks)\//, '');
  for (const { from, to } of edges) {
    const [a, b] = [conceptOf(from), conceptOf(to)];
    if (!a || !b || a === b) continue;
    const key = `${a}→${b}`;
    if (!between.has(key)) between.set(key, `${inside(from)} → ${inside(to)}`);
  }
  const pairs = [];
  for (const key of between.keys()) {
    const [a, b] = key.split('→');
    if (a < b && between.has(`${b}→${a}`)) pairs.push(`${a} ↔ ${b} (${between.get(key)}; ${between.get(`${b}→${a}`)})`);
  }
  return pairs.sort();
}
