// `node tools/record-linear-fixtures.mjs`: re-records tests/fixtures/linear/schema.json from the types of the
// installed @linear/sdk, which Linear generates from its published GraphQL schema: the fields (required and
// optional, with their GraphQL scalar) of the webhook payload of an Issue event, of the types Chorus's queries
// read (Issue, WorkflowState, Team) and of the inputs its mutations send. The local Linear server
// (tests/support/linear-server.ts) builds its answers and signed events from it. tests/fixtures/linear/README.md.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { commandLine } from './lib/cli.mjs';

commandLine({ command: 'record-linear-fixtures', file: import.meta.url });

const TYPES = [
  'EntityWebhookPayload',
  'IssueWebhookPayload',
  'WorkflowStateChildWebhookPayload',
  'TeamChildWebhookPayload',
  'IssueCreateInput',
  'CommentCreateInput',
  'IssuePayload',
  'CommentPayload',
  'WorkflowState',
  'Issue',
  'Team',
];
const sdkDir = dirname(createRequire(import.meta.url).resolve('@linear/sdk/package.json'));
const version = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')).version;
// The generated types live in a chunk the entry point re-exports: read every declaration file of dist/.
const text = readdirSync(join(sdkDir, 'dist'))
  .filter((name) => name.endsWith('.d.mts'))
  .map((name) => readFileSync(join(sdkDir, 'dist', name), 'utf8'))
  .join('\n');

/** `{ name: { required: boolean, type: string } }` for the fields of `type Name = { … };` (or `Node & { … }`). */
function fieldsOf(name) {
  const open = new RegExp(`\\ntype ${name} = (Node & )?\\{\\n`).exec(text);
  const start = open ? open.index : -1;
  if (start < 0) throw new Error(`@linear/sdk ${version} has no type ${name}`);
  const end = text.indexOf('\n};\n', start);
  const fields = {};
  for (const line of text.slice(start, end).split('\n')) {
    const match = /^ {2}"?(\w+)"?(\?)?: (.+);$/.exec(line);
    if (!match || match[1] === '__typename') continue;
    const scalar = /Scalars\["(\w+)"\]/.exec(match[3])?.[1] ?? match[3].replace(/^(Input)?Maybe<|>$/g, '');
    fields[match[1]] = { required: !match[2], type: match[3].startsWith('Array<') ? `[${scalar}]` : scalar };
  }
  return fields;
}

const types = Object.fromEntries(TYPES.map((name) => [name, fieldsOf(name)]));
writeFileSync(
  new URL('../tests/fixtures/linear/schema.json', import.meta.url),
  `${JSON.stringify({ source: `@linear/sdk ${version} (generated from Linear's GraphQL schema)`, types }, null, 2)}\n`,
);
console.log(`Wrote tests/fixtures/linear/schema.json from @linear/sdk ${version}.`);
