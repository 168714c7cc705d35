// npm run schema — starts a fresh PocketBase on a temp folder with the migrations, writes its collections to
// pb_schema.json and regenerates src/lib/pb/pb-types.ts from them. Run it after changing pb_migrations/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandLine } from './lib/cli.mjs';
import { startPocketBase } from './lib/pocketbase-server.mjs';
import { freePort } from './lib/ports.mjs';
import { exportSchema, generateTypes, SCHEMA_PATH, TYPES_PATH } from './lib/schema.mjs';

commandLine({ command: 'schema', file: import.meta.url });

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-schema-pb-'));
const superuser = { email: 'schema@chorus.localhost', password: `schema-${Math.random().toString(36).slice(2)}` };
const server = await startPocketBase({ dataDir, port: await freePort(), superuser });
try {
  const auth = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
  }).then((r) => r.json());
  const schema = await exportSchema(server.url, auth.token);
  writeFileSync(SCHEMA_PATH, schema);
  writeFileSync(TYPES_PATH, await generateTypes(schema));
  console.log('Wrote pb_schema.json and src/lib/pb/pb-types.ts');
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
