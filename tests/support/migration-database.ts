// A PocketBase data folder for migration tests: start it as the superuser, and roll back a migration with
// every later one (starting again applies them), to see a migration run on a database that already has data.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { ensurePocketBase } from '../../tools/lib/pocketbase-binary.mjs';
import { startPocketBase } from '../../tools/lib/pocketbase-server.mjs';

const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };

export interface MigrationDatabase {
  /** The data folder (data.db inside), to read what is stored while PocketBase is stopped. */
  dataDir: string;
  /** PocketBase on this folder (pending migrations applied), with a superuser client. */
  started(port: number): Promise<{ server: Awaited<ReturnType<typeof startPocketBase>>; admin: PocketBase }>;
  /** Rolls back `migration` and every later one; returns PocketBase's output (it names what it reverted). */
  rollBackFrom(migration: string): Promise<string>;
  remove(): void;
}

export function migrationDatabase(): MigrationDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
  const migrationsDir = join(process.cwd(), 'pb_migrations');
  return {
    dataDir,
    async started(port) {
      // The first start copies the tests' migrated folder (tools/lib/migrated-template.mjs) instead of migrating an
      // empty one; after a roll back, the folder is started (and migrated up) as it is.
      const server = await startPocketBase({ dataDir, port, superuser, fromTemplate: true });
      const admin = new PocketBase(server.url);
      admin.autoCancellation(false);
      await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
      return { server, admin };
    },
    async rollBackFrom(migration) {
      const count = readdirSync(migrationsDir).filter((f) => f.endsWith('.js') && f >= migration).length;
      const bin = await ensurePocketBase({ log: () => {} });
      const flags = [
        `--dir=${dataDir}`,
        `--migrationsDir=${migrationsDir}`,
        `--hooksDir=${join(process.cwd(), 'pb_hooks')}`,
        '--automigrate=false',
      ];
      // PocketBase asks to confirm.
      return execFileSync(bin, ['migrate', 'down', String(count), ...flags], {
        input: 'y\n',
        encoding: 'utf8',
        stdio: 'pipe',
      });
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
