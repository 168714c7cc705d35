// The docs cannot drift from the code: every variable the code reads is in Configuration, every path the docs
// or a comment names exists, nothing cites a file outside the repository, every documented `npm run` script
// exists and answers --help, the folder map is written once and names real folders, the budgets page states
// the numbers `npm run size` enforces, and the data model page matches the committed schema.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SIZE_BUDGETS } from '../../tools/lib/budgets.mjs';
import {
  deadPaths,
  documentedVariables,
  FOLDER_MAP,
  folderMapGaps,
  outsideCitations,
  ROOT,
  toolScripts,
  undocumentedVariables,
  unknownScripts,
  variablesReadByCode,
} from '../../tools/lib/docs-truth.mjs';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const run = promisify(execFile);

describe('the docs hold to the code', () => {
  it('lists in Configuration every environment variable the code reads', () => {
    expect(variablesReadByCode().size).toBeGreaterThan(40);
    expect(undocumentedVariables()).toEqual([]);
  });

  it('names only repository paths that exist, in the docs and in code comments', () => {
    expect(deadPaths()).toEqual([]);
  });

  it('cites no file outside the repository', () => {
    expect(outsideCitations()).toEqual([]);
  });

  it('gives only npm scripts package.json defines, and each tool they run answers --help', async () => {
    expect(unknownScripts()).toEqual([]);
    const tools = toolScripts();
    expect(tools.length).toBeGreaterThan(10);
    const failed: string[] = [];
    // A few at a time: each is a Node start.
    for (let i = 0; i < tools.length; i += 4) {
      await Promise.all(
        tools.slice(i, i + 4).map(async ({ name, file }) => {
          try {
            const { stdout } = await run(process.execPath, [file, '--help'], { cwd: ROOT, timeout: 90_000 });
            if (!stdout.trim()) failed.push(`npm run ${name} -- --help printed nothing`);
          } catch (error) {
            failed.push(`npm run ${name} -- --help failed: ${(error as Error).message.split('\n')[0]}`);
          }
        }),
      );
    }
    expect(failed).toEqual([]);
  }, 300_000);

  it('writes the folder map once, naming only folders that exist', () => {
    expect(folderMapGaps()).toEqual([]);
    const readme = read('README.md');
    expect(readme).toContain(FOLDER_MAP);
    expect(readme).not.toMatch(/^pb_migrations\/\s{2,}/m);
  });

  it('states on the budgets page the size budgets npm run size enforces', () => {
    const page = read('docs/src/content/docs/architecture/budgets.md');
    const rows = {
      pageJs: 'JavaScript a page loads up front',
      pageCss: 'CSS a page loads',
      worker: 'the Worker bundle',
      widgetLoader: "the widget's loader",
    };
    for (const [key, label] of Object.entries(rows)) {
      const row = page.split('\n').find((line) => line.startsWith(`| ${label}`));
      expect(row, label).toContain(`≤ ${SIZE_BUDGETS[key as keyof typeof SIZE_BUDGETS] / 1024} KB`);
    }
  });

  it('lists on the data model page every collection of the schema, with fields it has', () => {
    const schema: { name: string; fields: { name: string }[] }[] = JSON.parse(read('pb_schema.json'));
    const page = read('docs/src/content/docs/architecture/data-model.md');
    const rows = new Map<string, string[]>();
    for (const [, name = '', fields = ''] of page.matchAll(/^\| `([a-z_]+)` \| ([^|]*) \|/gm)) {
      rows.set(
        name,
        [...fields.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? ''),
      );
    }
    const wrong: string[] = [];
    for (const collection of schema.filter((c) => !c.name.startsWith('_'))) {
      const listed = rows.get(collection.name);
      if (!listed) wrong.push(`${collection.name}: not on the page`);
      const has = new Set(collection.fields.map((f) => f.name));
      for (const field of listed ?? [])
        if (!has.has(field)) wrong.push(`${collection.name}.${field}: not in the schema`);
    }
    for (const name of rows.keys()) {
      if (!schema.some((c) => c.name === name)) wrong.push(`${name}: no such collection`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('read a variable only from a table row’s first cell', () => {
    const text = '| `CHORUS_A`, `CHORUS_B` | `1` | like `CHORUS_C` |\nProse names `CHORUS_D`.';
    expect([...documentedVariables(text)]).toEqual(['CHORUS_A', 'CHORUS_B']);
  });

  it('name a folder the map lists that does not exist', () => {
    const map = '```\nsrc/edge/       the edge\nsrc/gone/       removed\n```';
    expect(folderMapGaps(map)).toEqual([`${FOLDER_MAP}: src/gone/`]);
  });
});
