// `npm run docs:chains`: writes the docs site's "Write chains" page from pb_hooks/ (what runs when a record is written).
import { writeFileSync } from 'node:fs';
import { commandLine } from './lib/cli.mjs';
import { chainsMarkdown, chainsPage } from './lib/hook-chains.mjs';

commandLine({ command: 'docs:chains', file: import.meta.url });
writeFileSync(chainsPage, chainsMarkdown());
console.log('Wrote docs/src/content/docs/architecture/write-chains.md.');
