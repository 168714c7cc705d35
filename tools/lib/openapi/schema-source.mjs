// Where the OpenAPI generator reads the collections from: the committed schema snapshot
// (pb_schema.json at the repository root) when there is one, otherwise a fresh PocketBase started on a
// temporary folder with this repository's migrations and hooks.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPocketBase } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** @returns {Promise<object[]>} PocketBase collection models (as the collections API returns them). */
export async function readCollections() {
  const snapshot = join(root, 'pb_schema.json');
  if (existsSync(snapshot)) {
    const data = JSON.parse(readFileSync(snapshot, 'utf8'));
    return Array.isArray(data) ? data : (data.collections ?? []);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-openapi-'));
  const superuser = { email: 'openapi@chorus.localhost', password: 'openapi-generator-password' };
  const server = await startPocketBase({ dataDir, port: await freePort(), superuser });
  try {
    const auth = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
    }).then((r) => r.json());
    const answer = await fetch(`${server.url}/api/collections?perPage=500`, {
      headers: { Authorization: auth.token },
    }).then((r) => r.json());
    return answer.items;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
