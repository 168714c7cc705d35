// `npm run openapi` writes docs/openapi.json (OpenAPI 3.1) from the schema snapshot or a fresh
// PocketBase with this repository's migrations; `npm run openapi -- --check` fails if it is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { commandLine } from './lib/cli.mjs';
import { buildOpenApi } from './lib/openapi/document.mjs';
import { readCollections } from './lib/openapi/schema-source.mjs';

const { values } = commandLine({
  command: 'openapi',
  file: import.meta.url,
  synopsis: '[--check]',
  options: { check: { type: 'boolean', default: false } },
});
const target = new URL('../docs/openapi.json', import.meta.url);
const text = `${JSON.stringify(buildOpenApi(await readCollections()), null, 2)}\n`;
if (values.check) {
  const current = readFileSync(target, 'utf8');
  if (current !== text) {
    console.error('docs/openapi.json is out of date: run `npm run openapi`.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  writeFileSync(target, text);
  console.log('Wrote docs/openapi.json.');
}
