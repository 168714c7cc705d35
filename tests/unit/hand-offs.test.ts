// Every name PocketBase's runtimes leave each other (a mark on a record, a cron job's id, a key in the app's store,
// all `chorus_…` or `chorus.…`) is declared once in the contract (src/contract/hand-offs.ts between Go and the
// hooks, hook-hand-offs.ts between hooks) and read from there: no Go file and no hook spells one out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as betweenRuntimes from '../../src/contract/hand-offs';
import * as betweenHooks from '../../src/contract/hook-hand-offs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const GENERATED = ['pb_hooks/platform/contract/', 'server/cmd/pocketbase/contract_gen.go'];
/** A name in quotes (a comment names one in backticks, as prose). */
const BARE_NAME = /(["'])chorus[._][A-Za-z0-9_.-]*\1/g;

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending))
    .map((name) => join(dir, name))
    .filter((path) => !GENERATED.some((generated) => path.startsWith(generated)));
}

/** `file:line: 'chorus_…'` for every bare name in a file's code (comment lines skipped). */
function bareNamesIn(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const [name] of line.matchAll(BARE_NAME)) found.push(`${file}:${i + 1}: ${name}`);
  });
  return found;
}

const bareNames = (files: string[]) =>
  files.flatMap((file) => bareNamesIn(file, readFileSync(join(root, file), 'utf8')));

describe('the hand-offs inside PocketBase', () => {
  it('no Go file spells out a name: each comes from contract_gen.go', () => {
    expect(bareNames(filesUnder('server/cmd/pocketbase', '.go'))).toEqual([]);
  });

  it('no hook spells out a name: each comes from pb_hooks/platform/contract/', () => {
    expect(bareNames(filesUnder('pb_hooks', '.js'))).toEqual([]);
  });

  it('declares each name once, in one of the two contracts', () => {
    const names = [...Object.values(betweenRuntimes), ...Object.values(betweenHooks)].filter(
      (value) => typeof value === 'string',
    );
    expect(names.every((name) => /^chorus[._]/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('finds a bare name in code, in either quotes, and none in a comment', () => {
    const text = "// 'chorus_in_prose'\nrecord.set('chorus_probe', true);\nrunJob(app, \"chorus.probe.key\")";
    expect(bareNamesIn('probe.js', text)).toEqual(["probe.js:2: 'chorus_probe'", 'probe.js:3: "chorus.probe.key"']);
  });
});
