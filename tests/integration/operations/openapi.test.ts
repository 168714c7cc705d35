// docs/openapi.json is a valid OpenAPI 3.1 document, matches what `npm run openapi` generates from the
// current schema (a fresh PocketBase with these migrations, or pb_schema.json), and describes every
// route the hooks add.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { hookFiles } from '../../../tools/lib/hook-files.mjs';
import { buildOpenApi } from '../../../tools/lib/openapi/document.mjs';
import { readCollections } from '../../../tools/lib/openapi/schema-source.mjs';

const root = join(import.meta.dirname, '../../..');
const committed = readFileSync(join(root, 'docs/openapi.json'), 'utf8');

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(committed));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(JSON.parse(committed).openapi).toBe('3.1.0');
  });

  it('is up to date with the schema', async () => {
    const fresh = `${JSON.stringify(buildOpenApi(await readCollections()), null, 2)}\n`;
    expect(fresh === committed, 'docs/openapi.json is out of date: run `npm run openapi`').toBe(true);
  }, 60_000);

  it('describes every route the hooks and Chorus’s PocketBase program add, and no route they do not', () => {
    const hooks = join(root, 'pb_hooks');
    const fromHooks = hookFiles(hooks)
      .flatMap((file) => [...readFileSync(join(hooks, file), 'utf8').matchAll(/routerAdd\(\s*'(\w+)',\s*'([^']+)'/g)])
      .map(([, method, path]) => `${method?.toLowerCase()} ${path}`);
    // Go's: se.Router.GET(ideaCardsPath, …), each path a constant of the program (its file's, or the contract's:
    // contract_gen.go).
    const program = join(root, 'server', 'cmd', 'pocketbase');
    const sources = readdirSync(program)
      .filter((file) => file.endsWith('.go') && !file.endsWith('_test.go'))
      .map((file) => readFileSync(join(program, file), 'utf8'));
    const goPaths = new Map(
      sources.flatMap((source) =>
        [...source.matchAll(/(\w+)\s*=\s*"(\/api\/[^"]+)"/g)].map(([, name, path]) => [name, path] as const),
      ),
    );
    const fromGo = sources.flatMap((source) =>
      [...source.matchAll(/Router\.(GET|POST|PATCH|DELETE)\((\w+),/g)]
        .filter(([, , name]) => goPaths.has(name ?? ''))
        .map(([, method, name]) => `${method?.toLowerCase()} ${goPaths.get(name ?? '')}`),
    );
    expect(fromGo.length).toBeGreaterThan(0);
    const routes = [...fromHooks, ...fromGo]
      // A route that stands in for one of PocketBase's own (users' request-email-change) keeps its contract.
      .filter((route) => !route.includes(' /api/collections/'))
      .sort();
    const paths = JSON.parse(committed).paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/chorus/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(routes);
  });

  it('never documents superuser-only collections or hidden fields', () => {
    const document = JSON.parse(committed);
    expect(Object.keys(document.paths).some((path) => path.includes('/imports/'))).toBe(false);
    expect(document.components.schemas.WebhooksRecord.properties.secret).toBeUndefined();
    expect(document.components.schemas.UsersRecord.properties.tokenKey).toBeUndefined();
  });
});
