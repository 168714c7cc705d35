// Operator and demo credentials: from the environment when set, otherwise generated once per data
// folder and kept there (gitignored), so a restart prints the same ones. Never real, never committed.
// The demo accounts' password as last applied is kept too, so what `npm start` prints always works.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Letters and digits only: nothing a shell or a command line could read as something else.
const generatePassword = () =>
  randomBytes(12).toString('base64url').replace(/[-_]/g, '') + randomBytes(2).toString('hex');

function remembered(dataDir, file, create) {
  const path = join(dataDir, file);
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'));
  const value = create();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  return value;
}

export function operatorCredentials(dataDir, env = process.env) {
  if (env.PB_SUPERUSER_EMAIL && env.PB_SUPERUSER_PASSWORD) {
    return { email: env.PB_SUPERUSER_EMAIL, password: env.PB_SUPERUSER_PASSWORD };
  }
  return remembered(dataDir, 'chorus-operator.json', () => ({
    email: 'operator@chorus.localhost',
    password: generatePassword(),
  }));
}

const DEMO_FILE = 'chorus-demo.json';

/** The password the demo accounts have in this data folder, as `npm start` last set it (null: none saved). */
export function savedDemoPassword(dataDir) {
  const path = join(dataDir, DEMO_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')).password ?? null) : null;
}

/** Notes the password the demo accounts were just given, so a later start prints the one that works. */
export function saveDemoPassword(dataDir, password) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, DEMO_FILE), `${JSON.stringify({ password }, null, 2)}\n`, { mode: 0o600 });
}

/** The password the demo accounts are to have: CHORUS_DEMO_PASSWORD, else the saved one, else a new one. */
export function demoPassword(dataDir, env = process.env) {
  return env.CHORUS_DEMO_PASSWORD || savedDemoPassword(dataDir) || generatePassword();
}
