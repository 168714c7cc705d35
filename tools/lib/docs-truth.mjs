// What the docs promise, held to the code (tests/unit/docs-truth.test.ts): every environment variable the code
// reads is in Configuration; every repository path the docs or a code comment names exists; nothing cites a file
// outside the repository; every `npm run <script>` the docs give is one of package.json's scripts; the folder map
// names only folders that exist. Each check answers its findings, each a sentence naming where.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE_ROOTS = ['src', 'pb_hooks', 'pb_migrations', 'tools', 'server', 'tests'];
const SKIPPED = new Set(['node_modules', 'dist', 'fixtures', 'pb_hooks/platform/contract']);
export const CONFIGURATION = 'docs/src/content/docs/operate/configuration.md';
export const FOLDER_MAP = 'docs/src/content/docs/architecture/folders.md';

/** Files under `dir` (repository-relative) whose names pass `keep`, skipping generated and vendored folders. */
function filesUnder(dir, keep) {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return SKIPPED.has(entry.name) || SKIPPED.has(path) || entry.name.startsWith('.') ? [] : filesUnder(path, keep);
    }
    return keep(entry.name) ? [path] : [];
  });
}

const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const isCode = (name) => /\.(?:[cm]?js|ts|tsx|astro|go)$/.test(name) && !name.endsWith('.d.ts');
/** The docs' pages and the README. */
export const docFiles = () => ['README.md', ...filesUnder('docs/src/content/docs', (name) => /\.mdx?$/.test(name))];
/** Chorus's own code, tests included. */
export const codeFiles = () => CODE_ROOTS.flatMap((dir) => filesUnder(dir, isCode));

// ---------------------------------------------------------------------------------------------------------------
// Environment variables

const READS = [
  /process\.env\.([A-Z][A-Z0-9_]+)/g,
  /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /(?<!import\.meta\.)\benv\.([A-Z][A-Z0-9_]+)\b/g,
  /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /\bos\.(?:Getenv|LookupEnv)\("([A-Z][A-Z0-9_]+)"\)/g,
  /\$os\.getenv\(['"`]([A-Z][A-Z0-9_]+)['"`]\)/g,
];
/** Names read like variables that are not settings, each with why. */
export const NOT_SETTINGS = {
  HOME: "the system's, handed on to the programs tools start",
  PATH: "the system's, handed on to the programs tools start",
  FILES: "a binding of the bench's bare assets Worker (tools/lib/bare-assets-worker.mjs), not a variable",
};

/** The Worker's bindings (wrangler.toml): objects, not settings. */
function bindings() {
  const toml = read('wrangler.toml');
  const names = [...toml.matchAll(/^binding\s*=\s*"([A-Z_]+)"/gm)].map((m) => m[1]);
  for (const block of toml.split(/^\[\[/m).filter((b) => b.startsWith('durable_objects.bindings'))) {
    const name = /^name\s*=\s*"([A-Z_]+)"/m.exec(block)?.[1];
    if (name) names.push(name);
  }
  return new Set(names);
}

/** Every variable Chorus's code reads (src, pb_hooks, tools, server), with the files that read it. */
export function variablesReadByCode() {
  /** @type {Map<string, string[]>} */
  const found = new Map();
  const skip = bindings();
  for (const file of codeFiles().filter((f) => !f.startsWith('tests/') && !f.endsWith('_test.go'))) {
    const text = read(file);
    for (const pattern of READS) {
      for (const [, name] of text.matchAll(pattern)) {
        if (skip.has(name) || name in NOT_SETTINGS) continue;
        found.set(name, [...new Set([...(found.get(name) ?? []), file])]);
      }
    }
  }
  return found;
}

/** The variables Configuration lists: each backticked name in a table row's first cell. */
export function documentedVariables(text = read(CONFIGURATION)) {
  const names = new Set();
  for (const line of text.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name);
  }
  return names;
}

/** "NAME (read in file)" for each variable the code reads that Configuration does not list. */
export function undocumentedVariables() {
  const documented = documentedVariables();
  return [...variablesReadByCode()]
    .filter(([name]) => !documented.has(name))
    .map(([name, files]) => `${name} (read in ${files.join(', ')})`)
    .sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Repository paths

const TOP = ['src', 'pb_hooks', 'pb_migrations', 'tools', 'server', 'tests', 'docs', 'locales', 'public'];
// A path starts a word (not inside a URL or another path) at one of the top folders, or at lib/ (a module named
// from inside pb_hooks, src or tools).
const PATH = new RegExp(`(?<![\\w./:@$-])((?:${TOP.join('|')}|lib)/[\\w.@/-]*[\\w/])`, 'g');
/** Where a bare lib/… may live. */
const LIB_HOMES = ['pb_hooks', 'src', 'tools'];

/** The text a file says in prose: a doc page whole, a code file's comments only. */
function prose(file) {
  const text = read(file);
  if (!isCode(file)) return text;
  const comments = text.match(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g) ?? [];
  return comments.join('\n');
}

/** A file or folder, a module named without its extension, or the start of a name (a migration's time). */
function existsAt(path) {
  if (['', '.ts', '.tsx', '.js', '.mjs'].some((ext) => existsSync(join(ROOT, path + ext)))) return true;
  const slash = path.lastIndexOf('/');
  const [dir, start] = [path.slice(0, slash), path.slice(slash + 1)];
  return (
    /[_\d]$/.test(start) && existsSync(join(ROOT, dir)) && readdirSync(join(ROOT, dir)).some((n) => n.startsWith(start))
  );
}

function pathExists(path) {
  const clean = path.replace(/\/+$/, '');
  if (/[<>*{}…]/.test(clean)) return true; // a pattern, not a path
  if (existsAt(clean)) return true;
  if (clean.startsWith('lib/')) return LIB_HOMES.some((home) => existsAt(`${home}/${clean}`));
  // Generated, never committed: the docs' and site's builds, the contract's compiled CommonJS.
  return /^(?:docs\/(?:dist|\.astro)|pb_hooks\/platform\/contract|dist|\.build)(?:\/|$)/.test(clean);
}

/** "file: path" for each repository path a doc page or a code comment names that does not exist. */
export function deadPaths() {
  const dead = [];
  for (const file of [...docFiles(), ...codeFiles()]) {
    const text = prose(file);
    for (const [, raw] of text.matchAll(PATH)) {
      const path = raw.replace(/[.,;:]+$/, '');
      // A path placed in the built site (docs/dist/…) or written after an address's host is not a file here.
      if (!pathExists(path)) dead.push(`${file}: ${path}`);
    }
  }
  return [...new Set(dead)].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Citations outside the repository, npm scripts, the folder map

const OUTSIDE = /\bDESIGN\.md\b|\.\.\/shared\b|\/work\/(?:shared|notes|main)\b/g;

/** "file: what" for each citation of a file outside the repository (the design notes this repository grew from). */
export function outsideCitations() {
  const files = [...docFiles(), ...codeFiles(), 'package.json', 'astro.config.mjs', 'wrangler.toml'];
  return files.flatMap((file) => [...new Set(read(file).match(OUTSIDE) ?? [])].map((what) => `${file}: ${what}`));
}

/** "file: npm run X" for each `npm run X` the docs give that package.json does not define. */
export function unknownScripts() {
  const scripts = new Set(Object.keys(JSON.parse(read('package.json')).scripts));
  const unknown = [];
  for (const file of docFiles()) {
    for (const [, name] of read(file).matchAll(/npm run ([\w:-]+)/g)) {
      if (!scripts.has(name)) unknown.push(`${file}: npm run ${name}`);
    }
  }
  return [...new Set(unknown)].sort();
}

/** The documented scripts that run a tool of this repository: `node tools/<file>.mjs`, by script name. */
export function toolScripts() {
  const scripts = JSON.parse(read('package.json')).scripts;
  const documented = new Set(
    docFiles().flatMap((file) => [...read(file).matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1])),
  );
  return Object.entries(scripts)
    .filter(([name, command]) => documented.has(name) && /^node tools\/[\w-]+\.mjs$/.test(command))
    .map(([name, command]) => ({ name, file: command.slice('node '.length) }));
}

/** The folders the folder map names (its first column), each one that does not exist. */
export function folderMapGaps(text = read(FOLDER_MAP)) {
  const block = /```\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => /^(\S+)/.exec(line)?.[1])
    .filter((name) => name !== undefined)
    .map((name) => name.replace('<name>', ''))
    .filter((name) => !existsSync(join(ROOT, name)))
    .map((name) => `${relative(ROOT, join(ROOT, FOLDER_MAP))}: ${name}`);
}
