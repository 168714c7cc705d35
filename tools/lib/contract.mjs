// The contract written once: each src/contract/*.ts (TypeScript with no imports) compiled to CommonJS for
// PocketBase's hooks in pb_hooks/lib/contract/. `npm run contract` writes them; `generatedContract()` is what the
// staleness test compares against.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const contractSource = join(root, 'src/contract');
export const contractTarget = join(root, 'pb_hooks/lib/contract');

/** Every generated file: its path under pb_hooks/lib/contract and its text. */
export function generatedContract() {
  return readdirSync(contractSource)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => {
      const source = readFileSync(join(contractSource, name), 'utf8');
      if (/^\s*import\s|\brequire\(/m.test(source))
        throw new Error(`src/contract/${name} imports: a contract has no imports.`);
      const header = `// GENERATED from src/contract/${name} by \`npm run contract\`: edit that file, never this one.\n`;
      return { path: join(contractTarget, `${basename(name, '.ts')}.js`), text: header + toCommonJs(source, name) };
    });
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
