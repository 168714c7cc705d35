// Operator and demo credentials: from the environment when set, otherwise generated once per data
// folder and kept there (gitignored), so a restart prints the same ones. Never real, never committed.
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

export function demoPassword(dataDir, env = process.env) {
  if (env.CHORUS_DEMO_PASSWORD) return env.CHORUS_DEMO_PASSWORD;
  return remembered(dataDir, 'chorus-demo.json', () => ({ password: generatePassword() })).password;
}
