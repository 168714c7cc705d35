// The committed schema snapshot (pb_schema.json) and generated record types (src/lib/pb/pb-types.ts) match
// what the migrations build: after changing pb_migrations/, run `npm run schema` and commit both.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSchema, generateTypes, SCHEMA_PATH, TYPES_PATH } from '../../../tools/lib/schema.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
let schema = '';
beforeAll(async () => {
  pb = await startTestPocketBase({ fresh: true }); // as a real server's folder is, not the tests' template
  schema = await exportSchema(pb.url, pb.admin.authStore.token);
});
afterAll(() => pb?.stop());

describe('schema snapshot', () => {
  it('pb_schema.json is what a fresh PocketBase holds after the migrations (else: npm run schema)', () => {
    expect(schema).toBe(readFileSync(SCHEMA_PATH, 'utf8'));
    expect(JSON.parse(schema).map((c: { name: string }) => c.name)).toContain('post_staff_tags');
  });
  it('src/lib/pb/pb-types.ts is generated from it (else: npm run schema)', async () => {
    expect(await generateTypes(schema)).toBe(readFileSync(TYPES_PATH, 'utf8'));
  });
});
