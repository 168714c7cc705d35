// `npm run import` — moves a feedback board into Chorus: from a running Fider (REST API, admin API key)
// or from a Canny, UserVoice or generic CSV export. Prints its plan first, then imports with a
// progress bar, then reports what it did in the plan's words and what it could not import and why. Safe to
// run again: it creates nothing twice and resumes an interrupted import.
//
//   npm run import -- fider --url https://feedback.example.com --key <admin API key> [--board Feedback]
//   npm run import -- csv --format canny|uservoice|generic --file export.csv [--map title=Subject] [--board …]
//   options: --dry-run (summary only), --yes (no question), --pb <PocketBase URL>; `--help` prints the usage
// The PocketBase superuser comes from PB_SUPERUSER_EMAIL / PB_SUPERUSER_PASSWORD (or --email/--password),
// else from pb_data/chorus-operator.json as written by `npm start`.
import './lib/require-node.mjs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline/promises';
import PocketBase from 'pocketbase';
import { commandLine, UsageError } from './lib/cli.mjs';
import { applyImport } from './lib/import/apply.mjs';
import { readCsv } from './lib/import/csv-formats.mjs';
import { readFider } from './lib/import/fider.mjs';
import { planImport } from './lib/import/plan.mjs';
import { createProgress } from './lib/import/progress.mjs';
import { describeDryRun, describePlan, describeReport } from './lib/import/summary.mjs';
import { runPlannerStats } from './lib/planner-stats.mjs';

const USAGE = `Usage:
  npm run import -- fider --url <Fider URL> --key <admin API key> [--board <name>] [options]
  npm run import -- csv --file <export.csv> [--format canny|uservoice|generic] [--map field=Column …] [--board <name>] [options]

Moves a feedback board into Chorus: ideas, votes, comments, statuses, tags and people, from a running Fider
or from a Canny, UserVoice or generic CSV export. Prints its plan, asks, imports with a progress bar and
reports what it could not import and why. Safe to run again: it creates nothing twice and resumes.

  --board <name>       the Chorus board to import into (created when missing; default: the source's name)
  --map field=Column   (csv) which column holds a field, e.g. --map title=Subject (repeatable)
  --dry-run            print the summary only; change nothing
  --yes                import without asking
  --pb <URL>           PocketBase (default: PB_URL, else http://127.0.0.1:<PB_PORT or 8090>)
  --email, --password  a PocketBase superuser (default: PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD,
                       else the operator \`npm start\` created, from <PB_DATA_DIR>/chorus-operator.json)
  --help               prints this

Exit codes: 0 done (or nothing to do), 1 the import failed, 2 a missing or wrong argument or credential.`;

const { values, positionals } = commandLine({
  command: 'import',
  usage: USAGE,
  positionals: true,
  options: {
    url: { type: 'string' },
    key: { type: 'string' },
    format: { type: 'string', default: 'generic' },
    file: { type: 'string' },
    map: { type: 'string', multiple: true, default: [] },
    board: { type: 'string' },
    pb: { type: 'string', default: process.env.PB_URL || `http://127.0.0.1:${process.env.PB_PORT ?? 8090}` },
    email: { type: 'string', default: process.env.PB_SUPERUSER_EMAIL },
    password: { type: 'string', default: process.env.PB_SUPERUSER_PASSWORD },
    'dry-run': { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
  },
});

async function operator() {
  if (values.email && values.password) return { email: values.email, password: values.password };
  if (values.email || values.password) {
    const missing = values.email
      ? 'password (PB_SUPERUSER_PASSWORD or --password)'
      : 'email (PB_SUPERUSER_EMAIL or --email)';
    throw new UsageError(`The PocketBase superuser's ${missing} is missing.`);
  }
  const file = `${process.env.PB_DATA_DIR ?? 'pb_data'}/chorus-operator.json`;
  const saved = await readFile(file, 'utf8').then(JSON.parse, () => null);
  if (!saved?.email || !saved?.password) {
    throw new UsageError(
      `No PocketBase superuser: set PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD (or --email and --password), or run \`npm start\` once to create ${file}.`,
    );
  }
  return { email: saved.email, password: saved.password };
}

/** Checks the source's arguments at once and returns how to read it (reading may take long). */
function sourceReader() {
  const [kind] = positionals;
  if (kind === 'fider') {
    if (!values.url || !values.key)
      throw new UsageError('Give the Fider URL and an administrator API key: --url … --key …; see --help.');
    return () => readFider({ url: values.url, apiKey: values.key });
  }
  if (kind === 'csv') {
    if (!values.file) throw new UsageError('Give the CSV file: --file export.csv; see --help.');
    if (!['canny', 'uservoice', 'generic'].includes(values.format))
      throw new UsageError(`--format is canny, uservoice or generic (got ${values.format}).`);
    const badMap = values.map.find((pair) => !/^[\w-]+=.+/.test(pair));
    if (badMap) throw new UsageError(`--map takes field=Column (got ${badMap}).`);
    const overrides = Object.fromEntries(values.map.map((pair) => pair.split('=')));
    return async () => {
      const text = await readFile(values.file, 'utf8').catch(() => {
        throw new UsageError(`Cannot read the CSV file ${values.file}.`);
      });
      return readCsv({ text, format: values.format, fileName: basename(values.file), overrides });
    };
  }
  throw new UsageError(
    kind
      ? `Cannot import from "${kind}": say \`fider\` or \`csv\`; see --help.`
      : 'Say what to import from: `fider` or `csv`; see --help.',
  );
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

const readSource = sourceReader();
const pb = new PocketBase(values.pb);
pb.autoCancellation(false);
const { email, password } = await operator();
await signIn(pb, email, password);
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
// SQLite plans queries from statistics PocketBase refreshes every ten minutes: a large import is planned for now.
await runPlannerStats(pb).then(
  () => console.log("PocketBase is refreshing its query planner's statistics for the imported rows."),
  (error) => console.log(`PocketBase did not refresh its query planner's statistics (${error.status ?? error}).`),
);

/** Signs the superuser in, or says in one sentence why not. */
async function signIn(pb, email, password) {
  try {
    await pb.collection('_superusers').authWithPassword(email, password);
  } catch (error) {
    if (error?.status === 0)
      throw new UsageError(`Nothing answers at ${values.pb}: start Chorus (npm start) or give --pb <URL>.`);
    throw new UsageError(`PocketBase at ${values.pb} refused the superuser ${email}: check the email and password.`);
  }
}
