// A PocketBase data folder with every migration applied (and the tests' superuser made), made once and copied into
// each test's empty folder: `migrate up` on an empty folder costs about 1.8 s of CPU (89 migrations), and a copy
// needs neither it nor `superuser upsert` (two PocketBase processes, about 1 s of CPU), and the integration tests
// start about 150 PocketBases a run. Tests only: every copy shares what the migrations
// generated (the collections' token secrets, the widget's sign-on secret), so a real server never starts from one.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/pocketbase-templates');

/** Every file under `dir`, sorted, as [relative path, contents] into `hash`. */
function hashTree(hash, dir, prefix = '') {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path, `${prefix}${entry.name}/`);
    else if (entry.isFile()) hash.update(`${prefix}${entry.name}\0`).update(readFileSync(path)).update('\0');
  }
}

/**
 * Removes other templates (earlier migrations or hooks) and abandoned makings made over an hour ago: a run still
 * using one makes it again.
 */
function removeStaleTemplates(templatesDir, keep) {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(templatesDir)) {
    const path = join(templatesDir, name);
    if (path !== keep && statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Fills the empty `dataDir` from the template for this binary and tree (its migrations, and the hooks and message
 * files a migration's saves run), making the template first if no run made it yet. `migrate` applies the
 * migrations to a folder (the server module's own command, so a template is what a fresh folder would be).
 * Several test workers may make it at once: each in a folder of its own, the first rename wins.
 * `key`: whatever else `migrate` puts in the folder (the superuser's credentials), so another makes another template.
 * `templatesDir`: where templates are kept (.cache/pocketbase-templates unless a test gives another).
 * `trees`: more folders of the checkout whose files shape the template (e.g. the demo's seed), by path under `tree`.
 * @param {{ bin: string, dataDir: string, tree: string, hooksDir: string, migrate: (dir: string) => Promise<unknown>,
 *   key?: string, templatesDir?: string, trees?: string[] }} options
 */
export async function copyMigratedTemplate({
  bin,
  dataDir,
  tree,
  hooksDir,
  migrate,
  key = '',
  templatesDir = TEMPLATES_DIR,
  trees = [],
}) {
  const hash = createHash('sha256').update(`${bin}\0${key}\0`);
  for (const part of ['pb_migrations', 'locales', ...trees]) hashTree(hash, join(tree, part), `${part}/`);
  hashTree(hash, hooksDir, 'pb_hooks/');
  const template = join(templatesDir, hash.digest('hex').slice(0, 20));
  if (!existsSync(template)) {
    mkdirSync(templatesDir, { recursive: true });
    const making = mkdtempSync(join(templatesDir, 'making-'));
    try {
      await migrate(making);
      renameSync(making, template);
      removeStaleTemplates(templatesDir, template);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      if (!existsSync(template)) throw error;
    }
  }
  cpSync(template, dataDir, { recursive: true });
}
