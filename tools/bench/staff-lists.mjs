// `npm run bench -- staff-lists`: the staff lists by score, revenue and votes at 10,000 ideas and 200,000 votes
// alone (tools/lib/bench/staff-lists.mjs; `npm run bench` runs it too). Never fails on time.
import '../lib/require-node.mjs';
import { measureStaffLists } from '../lib/bench/staff-lists.mjs';
import { commandLine } from '../lib/cli.mjs';

commandLine({ command: 'bench staff-lists', file: import.meta.url });

for (const line of await measureStaffLists()) console.log(line);
