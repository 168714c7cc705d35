// `npm run bench -- [scenario] [options]`: one runner for every benchmark. Without a scenario it runs `site`, the
// figures the docs' architecture/budgets.md budgets; `npm run bench -- --help` lists the scenarios and `npm run bench -- <scenario> --help`
// says what one measures. Benchmarks print figures and never fail on time (machines are noisy).
import './lib/require-node.mjs';
import { readdirSync, readFileSync } from 'node:fs';

const folder = new URL('./bench/', import.meta.url);
const scenarios = readdirSync(folder)
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => name.replace(/\.mjs$/, ''))
  .sort();

/** A scenario's first comment sentence, without its own command. */
function summary(name) {
  const first = readFileSync(new URL(`${name}.mjs`, folder), 'utf8').split('\n')[0] ?? '';
  return first.replace(/^\/\/\s*`[^`]*`(?:\s*\([^)]*\))?:?\s*/, '');
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--help' || first === '-h') {
  console.log(
    'Usage: npm run bench -- [scenario] [options]   (`npm run bench -- <scenario> --help` for its options)\n',
  );
  console.log('Scenarios:');
  for (const name of scenarios) console.log(`  ${name.padEnd(15)} ${summary(name)}`);
  process.exit(0);
}
const named = first && !first.startsWith('-');
if (named && !scenarios.includes(first)) {
  console.error(`No bench scenario "${first}"; see \`npm run bench -- --help\`.`);
  process.exit(2);
}
const scenario = named ? first : 'site';
process.argv = [process.argv[0], process.argv[1], ...(named ? rest : process.argv.slice(2))];
await import(new URL(`${scenario}.mjs`, folder).href);
