// A test stack's PocketBase folder made once and copied (startStack's `fromTemplate`): migrated, its operator made,
// configured and, unless the stack runs without the demo, seeded, as startStack does on an empty folder, which
// took 7 s (migrations) and 9 s more (the seed) of every end-to-end stack on a loaded machine. Tests and the
// size check only: every copy shares the template's operator and demo passwords and the migrations' secrets.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectAsSuperuser } from './configure-pocketbase.mjs';
import { operatorCredentials } from './credentials.mjs';
import { copyMigratedTemplate } from './migrated-template.mjs';
import { ensurePocketBase } from './pocketbase-binary.mjs';
import { HOOKS_DIR, migrateUp, startPocketBase } from './pocketbase-server.mjs';
import { freePorts } from './ports.mjs';
import { lowerPasswordCost, TEST_PASSWORD_COST } from './test-password-cost.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const STACK_TEMPLATES_DIR = join(root, '.cache/stack-templates');
/** A seeded demo's records are dated relative to its seed: a seeded template is made again every 20 minutes. */
const SEEDED_TEMPLATE_MINUTES = 20;

/**
 * Fills the empty `dataDir` from the stack template (seeded or not), making it first: a PocketBase on the
 * template's folder with `env` and `proxySecret`, then `prepare(admin, folder)` (configure, seed) as the operator.
 * @param {{ dataDir: string, seed: boolean, env: Record<string, string>, proxySecret: string,
 *   prepare: (admin: import('pocketbase').default, folder: string) => Promise<unknown> }} options
 */
export async function copyStackTemplate({ dataDir, seed, env, proxySecret, prepare }) {
  const bin = await ensurePocketBase();
  const made = seed ? `seeded ${Math.floor(Date.now() / (SEEDED_TEMPLATE_MINUTES * 60_000))}` : 'migrated';
  // Seeded and migrated templates in folders of their own: making a new seeded one (every 20 minutes) clears the
  // stale templates of its folder, never the migrated one another worker may be copying.
  const fromEnv = ['CHORUS_DEMO_PASSWORD', 'PB_SUPERUSER_EMAIL', 'PB_SUPERUSER_PASSWORD'].map(
    (name) => process.env[name] ?? '',
  );
  await copyMigratedTemplate({
    bin,
    dataDir,
    tree: root,
    hooksDir: HOOKS_DIR,
    key: ['stack', made, `bcrypt ${TEST_PASSWORD_COST}`, ...fromEnv].join('\0'),
    templatesDir: join(STACK_TEMPLATES_DIR, seed ? 'seeded' : 'migrated'),
    trees: ['tools/lib/seed'],
    migrate: async (folder) => {
      await migrateUp(bin, folder, root, HOOKS_DIR);
      lowerPasswordCost(folder); // tests' passwords hash at bcrypt's lowest cost (lib/test-password-cost.mjs)
      const superuser = operatorCredentials(folder);
      const [port] = await freePorts(1);
      const pocketbase = await startPocketBase({ dataDir: folder, port, superuser, proxySecret, env, bin });
      try {
        const admin = await connectAsSuperuser(pocketbase.url, superuser);
        await prepare(admin, folder);
        await notificationsDelivered(admin);
      } finally {
        await pocketbase.stop();
      }
    },
  });
}

/** How long the seed's notifications may take to go out before the template is refused (a few seconds here). */
const DELIVERY_MS = 60_000;

/**
 * Waits until the notification queue (pb_hooks/notifications/fanout.js) is empty: the seed's comments and votes
 * queue live events and emails that go out just after. A template stopped before they went out left them queued, and
 * every copy then delivered them first, in the first job run its own test woke: the test's notification waited
 * about ten seconds behind the seed's emails, and a story expecting it live within ten failed (issue 44).
 */
async function notificationsDelivered(admin) {
  const deadline = Date.now() + DELIVERY_MS;
  for (;;) {
    const queued = await admin.collection('notification_fanouts').getList(1, 1, { fields: 'id' });
    if (queued.totalItems === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `The seed's notifications were still queued after ${DELIVERY_MS / 1000} s (notification_fanouts).`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
