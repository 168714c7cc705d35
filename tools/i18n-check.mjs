// npm run i18n:check — lists, per locale, the keys missing or extra against English, placeholders that
// differ and plural forms lacking, then English keys no code uses. Exits 1 when anything is listed.
import { commandLine } from './lib/cli.mjs';
import { compareLocale, localeCodes, unusedKeys } from './lib/i18n/check.mjs';

commandLine({ command: 'i18n:check', file: import.meta.url });

let problems = 0;
for (const code of localeCodes().filter((c) => c !== 'en')) {
  const found = compareLocale(code);
  const lines = Object.entries(found).flatMap(([kind, list]) => list.map((item) => `  ${kind}: ${item}`));
  problems += lines.length;
  console.log(lines.length ? `${code}: ${lines.length} to fix\n${lines.join('\n')}` : `${code}: complete`);
}
const unused = unusedKeys();
problems += unused.length;
console.log(unused.length ? `unused English keys:\n  ${unused.join('\n  ')}` : 'every English key is used');
process.exit(problems ? 1 : 0);
