// The contract written once: each src/contract/*.ts (TypeScript with no imports) compiled to CommonJS for
// PocketBase's hooks in pb_hooks/platform/contract/, and the constants of those Go reads too (GO_CONTRACTS) compiled to
// Go in server/cmd/pocketbase/contract_gen.go, with the answers of the functions Go writes out once more
// (GO_CASES) for its test to check against. `npm run contract` writes them; `generatedContract()` is what the
// staleness test compares against.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const contractSource = join(root, 'src/contract');
export const contractTarget = join(root, 'pb_hooks/platform/contract');
export const goContract = join(root, 'server/cmd/pocketbase/contract_gen.go');
export const goCases = join(root, 'server/cmd/pocketbase/testdata/contract-cases.json');

/** The contract files Go reads: their string and number constants become Go constants of the same meaning. */
const GO_CONTRACTS = ['audience.ts', 'hand-offs.ts', 'vote-rules.ts'];

/** The functions Go writes out once more, and the inputs their answers are recorded for: Go's test
 * (server/cmd/pocketbase/contract_test.go) requires the same answer for each. */
const GO_CASES = {
  'vote-rules.ts': { trendingScore: trendingInputs },
};

/** Every generated file: its path and its text. */
export function generatedContract() {
  const sources = readdirSync(contractSource)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ name, source: readFileSync(join(contractSource, name), 'utf8') }));
  const hooks = sources.map(({ name, source }) => {
    if (/^\s*import\s|\brequire\(/m.test(source))
      throw new Error(`src/contract/${name} imports: a contract has no imports.`);
    const header = `// GENERATED from src/contract/${name} by \`npm run contract\`: edit that file, never this one.\n`;
    return {
      name,
      source,
      path: join(contractTarget, `${basename(name, '.ts')}.js`),
      text: header + toCommonJs(source, name),
    };
  });
  const forGo = hooks.filter((file) => GO_CONTRACTS.includes(file.name));
  return [
    ...hooks.map(({ path, text }) => ({ path, text })),
    { path: goContract, text: toGo(forGo) },
    { path: goCases, text: casesText(casesOf(forGo)) },
  ];
}

/** The types stripped and the one `export { … }` clause esbuild writes turned into `module.exports`: readable
 * CommonJS with no bundler runtime (a contract declares and exports, nothing else). */
function toCommonJs(source, name) {
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', target: 'es2020', sourcefile: name });
  const clause = /^export \{([^}]*)\};\n/m.exec(code);
  const body = clause ? code.replace(clause[0], '') : code;
  if (/^export\b|^import\b/m.test(body)) throw new Error(`src/contract/${name}: only declarations and their exports.`);
  const names = (clause?.[1] ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.some((n) => /\sas\s/.test(n))) throw new Error(`src/contract/${name}: export names as declared.`);
  return `${body}module.exports = { ${names.join(', ')} };\n`;
}

/** What a generated CommonJS file exports, evaluated here. */
function exportsOf(text) {
  const module = { exports: {} };
  new Function('module', 'exports', text)(module, module.exports);
  return module.exports;
}

/** Go's copy: each exported string or number constant as a Go constant, named in Go's way (VOTES_NOW_MARK →
 * votesNowMark), with its doc comment. One declaration each, so gofmt has nothing to align. */
function toGo(files) {
  const lines = [
    '// GENERATED from src/contract/ by `npm run contract` (tools/lib/contract.mjs): edit those files, never this one.',
    '// What the hooks and Go name alike (audience.ts, hand-offs.ts) and the vote rules they share (vote-rules.ts).',
    '',
    'package main',
  ];
  for (const file of files) {
    const values = exportsOf(file.text);
    lines.push('', `// From src/contract/${file.name}.`);
    for (const [name, value] of declarationOrder(file.source, values)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue; // functions: Go writes its own
      if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`${file.name}: ${name} is not finite.`);
      lines.push('', ...goDoc(file.source, name), `const ${goName(name)} = ${JSON.stringify(value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The exports in the order the contract declares them (esbuild sorts its export clause). */
function declarationOrder(source, values) {
  const at = (name) => source.search(new RegExp(`export (const|function) ${name}\\b`));
  return Object.entries(values).sort(([a], [b]) => at(a) - at(b));
}

function goName(name) {
  return name.toLowerCase().replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/** The constant's JSDoc comment in the contract, as Go line comments. */
function goDoc(source, name) {
  const found = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export const ${name}\\b`).exec(source);
  if (!found) return [];
  return found[1]
    .split('\n')
    .map((line) => line.replace(/^\s*\*? ?/, '').trimEnd())
    .filter((line, i, all) => line || (i > 0 && i < all.length - 1))
    .map((line) => (line ? `// ${line}` : '//'));
}

function casesOf(files) {
  const cases = {};
  for (const file of files) {
    const values = exportsOf(file.text);
    for (const [name, inputs] of Object.entries(GO_CASES[file.name] ?? {})) {
      cases[name] = inputs().map((args) => ({ in: args, out: values[name](...args) }));
    }
  }
  return cases;
}

/** One case a line: { "trendingScore": [[...inputs, answer], …] }. */
function casesText(cases) {
  const entries = Object.entries(cases).map(
    ([name, rows]) =>
      `  ${JSON.stringify(name)}: [\n${rows.map((r) => `    ${JSON.stringify([...r.in, r.out])}`).join(',\n')}\n  ]`,
  );
  return `{\n${entries.join(',\n')}\n}\n`;
}

/** (votes, comments, created) for the trending score: the edges, then a fixed pseudo-random spread over the
 * counts ideas have and the years around the epoch (the same every run, so the file is stable). */
function trendingInputs() {
  const epoch = 1763800000;
  const inputs = [
    [0, 0, epoch],
    [0, 1, epoch],
    [1, 0, epoch - 1],
    [0, 3, epoch + 86400],
    [1000, 0, epoch - 172800],
    [999, 2, 1700000000],
    [250000, 80001, 1900000000],
  ];
  let seed = 60;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < 400; i++) {
    const votes = Math.floor(next() ** 3 * 100000);
    const comments = Math.floor(next() ** 3 * 5000);
    inputs.push([votes, comments, epoch + Math.floor((next() - 0.3) * 3 * 365 * 86400)]);
  }
  return inputs;
}
