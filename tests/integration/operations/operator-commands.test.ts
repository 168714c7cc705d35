// Every command an operator runs (each `node tools/….mjs` in package.json) answers --help with its usage and
// refuses a wrong option in one sentence without a stack trace; `npm run import` says what is missing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

const root = new URL('../../../', import.meta.url).pathname;
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
/** npm script name → script file, for every operator command (not the test-time checks npm runs itself). */
const COMMANDS = Object.entries(scripts)
  .map(([name, line]) => [name, /^node (tools\/[\w-]+\.mjs)/.exec(line)?.[1]] as const)
  .filter((entry): entry is readonly [string, string] => Boolean(entry[1]))
  .filter(([, file]) => !/check-node|ensure-browser/.test(file));

const emptyData = mkdtempSync(join(tmpdir(), 'chorus-cli-'));
const cleanEnv = {
  ...process.env,
  PB_SUPERUSER_EMAIL: '',
  PB_SUPERUSER_PASSWORD: '',
  PB_DATA_DIR: emptyData,
  PB_URL: '',
};

function run(file: string, args: string[], env: NodeJS.ProcessEnv = cleanEnv) {
  const result = spawnSync(process.execPath, [file, ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const STACK_LINE = /^\s+at /m;

describe('every operator command', () => {
  it('covers the commands the issue names', () => {
    const names = COMMANDS.map(([name]) => name);
    for (const name of ['import', 'restore', 'bench', 'schema', 'openapi', 'start', 'size'])
      expect(names).toContain(name);
  });

  it.each(COMMANDS)('npm run %s -- --help prints its usage and exits 0', (name, file) => {
    const { code, out, err } = run(file, ['--help']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage:\s+npm (start|run \S+)/);
    expect(out).toContain(name === 'start' || name === 'dev' ? 'npm start' : `npm run ${name}`);
  });

  it.each(COMMANDS)('npm run %s with an unknown option says so in one sentence (exit 2)', (_name, file) => {
    const { code, out, err } = run(file, ['--no-such-option']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/--no-such-option/);
    expect(err).not.toMatch(STACK_LINE);
  });
});

describe('npm run import says what is missing', () => {
  let pb: TestPocketBase;
  beforeAll(async () => {
    pb = await startTestPocketBase();
  });
  afterAll(async () => {
    await pb?.stop();
    rmSync(emptyData, { recursive: true, force: true });
  });

  const cases: [string, string[], NodeJS.ProcessEnv, RegExp][] = [
    ['no source', [], {}, /^Say what to import from: `fider` or `csv`; see --help\.$/],
    ['an unknown source', ['xml'], {}, /^Cannot import from "xml"/],
    ['a Fider without its key', ['fider', '--url', 'http://127.0.0.1:9'], {}, /--url … --key …/],
    ['a CSV without its file', ['csv'], {}, /Give the CSV file/],
    ['a bad format', ['csv', '--file', 'x.csv', '--format', 'excel'], {}, /--format is canny, uservoice or generic/],
    [
      'an email without a password',
      ['csv', '--file', 'x.csv'],
      { PB_SUPERUSER_EMAIL: 'op@example.com' },
      /password \(PB_SUPERUSER_PASSWORD or --password\) is missing/,
    ],
    [
      'no superuser at all',
      ['csv', '--file', 'x.csv'],
      {},
      /No PocketBase superuser: set PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD/,
    ],
  ];
  it.each(cases)('%s: one sentence, exit 2, no stack', (_label, args, env, message) => {
    const { code, err } = run('tools/import.mjs', args, { ...cleanEnv, ...env });
    expect(code).toBe(2);
    expect(err.trim()).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).not.toMatch(STACK_LINE);
  });

  it('a PocketBase that is not running, wrong credentials and an unreadable file are each one sentence', () => {
    const creds = { PB_SUPERUSER_EMAIL: pb.superuser.email, PB_SUPERUSER_PASSWORD: pb.superuser.password };
    const down = run('tools/import.mjs', ['csv', '--file', 'x.csv', '--pb', 'http://127.0.0.1:9'], {
      ...cleanEnv,
      ...creds,
    });
    expect(down.err.trim()).toBe('Nothing answers at http://127.0.0.1:9: start Chorus (npm start) or give --pb <URL>.');
    const wrong = run('tools/import.mjs', ['csv', '--file', 'x.csv', '--pb', pb.url], {
      ...cleanEnv,
      ...creds,
      PB_SUPERUSER_PASSWORD: 'not-the-password',
    });
    expect(wrong.err.trim()).toMatch(/refused the superuser operator@chorus\.test: check the email and password\.$/);
    const missing = run('tools/import.mjs', ['csv', '--file', '/no/such/export.csv', '--pb', pb.url], {
      ...cleanEnv,
      ...creds,
    });
    expect(missing.err.trim()).toBe('Cannot read the CSV file /no/such/export.csv.');
    for (const result of [down, wrong, missing]) {
      expect(result.code).toBe(2);
      expect(result.err).not.toMatch(STACK_LINE);
    }
  });
});
