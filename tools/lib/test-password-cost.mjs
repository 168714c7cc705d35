// Tests only: the migrated template's auth collections hash passwords at bcrypt's lowest cost (4) instead of
// PocketBase's default (10), as Django's and Rails' own test settings do. At 10 a test actor cost PocketBase about
// 124 ms of CPU to create and 64 ms to sign in, and the integration tests make thousands; the hashes still are real
// bcrypt, checked the same way, and nothing but their cost differs. Never applied to a folder a server, `npm start`
// or a bench runs (only copies of the tests' template get it); tests/unit/test-password-cost.test.ts checks the
// migrations themselves leave PocketBase's default.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** bcrypt's lowest cost, the one the tests' template hashes at. */
export const TEST_PASSWORD_COST = 4;

/** Sets every password field of the auth collections in `dataDir`'s data.db to TEST_PASSWORD_COST. */
export function lowerPasswordCost(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'data.db'));
  try {
    const update = db.prepare('UPDATE _collections SET fields = ? WHERE id = ?');
    for (const { id, fields } of db.prepare("SELECT id, fields FROM _collections WHERE type = 'auth'").all()) {
      const list = JSON.parse(String(fields));
      for (const field of list) if (field.type === 'password') field.cost = TEST_PASSWORD_COST;
      update.run(JSON.stringify(list), String(id));
    }
  } finally {
    db.close();
  }
}
