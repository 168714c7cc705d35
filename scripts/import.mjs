// `npm run import` — moves a feedback board into Chorus: from a running Fider (REST API, admin API key)
// or from a Canny, UserVoice or generic CSV export. Prints its plan first, then imports with a
// progress bar, then reports what it did in the plan's words and what it could not import and why. Safe to
// run again: it creates nothing twice and resumes an interrupted import.
//
//   npm run import -- fider --url https://feedback.example.com --key <admin API key> [--board Feedback]
//   npm run import -- csv --format canny|uservoice|generic --file export.csv [--map title=Subject] [--board …]
//   options: --dry-run (summary only), --yes (no question), --pb <PocketBase URL>
// The PocketBase superuser comes from PB_SUPERUSER_EMAIL / PB_SUPERUSER_PASSWORD (or --email/--password),
// else from pb_data/chorus-operator.json as written by `npm start`.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import PocketBase from 'pocketbase';
import { applyImport } from './lib/import/apply.mjs';
import { readCsv } from './lib/import/csv-formats.mjs';
import { readFider } from './lib/import/fider.mjs';
import { planImport } from './lib/import/plan.mjs';
import { createProgress } from './lib/import/progress.mjs';
import { describeDryRun, describePlan, describeReport } from './lib/import/summary.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    key: { type: 'string' },
    format: { type: 'string', default: 'generic' },
    file: { type: 'string' },
    map: { type: 'string', multiple: true, default: [] },
    board: { type: 'string' },
    pb: { type: 'string', default: process.env.PB_URL ?? `http://127.0.0.1:${process.env.PB_PORT ?? 8090}` },
    email: { type: 'string', default: process.env.PB_SUPERUSER_EMAIL },
    password: { type: 'string', default: process.env.PB_SUPERUSER_PASSWORD },
    'dry-run': { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
  },
});

async function operator() {
  if (values.email && values.password) return { email: values.email, password: values.password };
  const saved = JSON.parse(await readFile(`${process.env.PB_DATA_DIR ?? 'pb_data'}/chorus-operator.json`, 'utf8'));
  return { email: saved.email, password: saved.password };
}

async function readSource() {
  const [kind] = positionals;
  if (kind === 'fider') {
    if (!values.url || !values.key) throw new Error('Give the Fider URL and an administrator API key: --url … --key …');
    return readFider({ url: values.url, apiKey: values.key });
  }
  if (kind === 'csv') {
    if (!values.file) throw new Error('Give the CSV file: --file export.csv');
    const overrides = Object.fromEntries(values.map.map((pair) => pair.split('=')));
    const text = await readFile(values.file, 'utf8');
    return readCsv({ text, format: values.format, fileName: basename(values.file), overrides });
  }
  throw new Error('Say what to import from: `fider` or `csv` (see the top of scripts/import.mjs).');
}

async function confirmed() {
  if (values.yes) return true;
  if (!process.stdin.isTTY) {
    console.log('Run again with --yes to import (or --dry-run to only see this summary).');
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question('Import now? [y/N] ');
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

try {
  const pb = new PocketBase(values.pb);
  pb.autoCancellation(false);
  const { email, password } = await operator();
  await pb.collection('_superusers').authWithPassword(email, password);
  const model = await readSource();
  const plan = await planImport(pb, model, { board: values.board });
  if (values['dry-run']) {
    console.log(describeDryRun(model, plan));
    process.exit(0);
  }
  console.log(describePlan(model, plan));
  if (!(await confirmed())) process.exit(0);
  const report = await applyImport(pb, model, plan, { onProgress: createProgress('ideas') });
  console.log(describeReport(model, report));
} catch (error) {
  console.error(`Import failed: ${error.message}`);
  process.exit(1);
}
