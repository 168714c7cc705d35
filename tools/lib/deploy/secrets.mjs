// The secrets the site's Worker and PocketBase share (EDGE_PURGE_SECRET, CHORUS_PROXY_SECRET): made once from
// node:crypto's random source, kept in .deploy/secrets.env (mode 0600 in a 0700 folder), reused by every later
// deploy, replaced only by a rotation (which keeps the old ones as *_PREVIOUS until it ends); masked wherever
// they are printed.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What both halves must hold the same value of (src/edge/publish.ts and src/lib/pb/client-address.mjs read them). */
export const SHARED_SECRETS = /** @type {const} */ (['EDGE_PURGE_SECRET', 'CHORUS_PROXY_SECRET']);

/** @typedef {{ EDGE_PURGE_SECRET: string, CHORUS_PROXY_SECRET: string, EDGE_PURGE_SECRET_PREVIOUS?: string, CHORUS_PROXY_SECRET_PREVIOUS?: string }} Secrets */

/** A new secret: 32 random bytes as 64 hex digits (safe in an env file, a header and a shell). */
export function newSecret() {
  return randomBytes(32).toString('hex');
}

/** A value as it may be printed: its first 4 characters and an ellipsis. */
export function mask(value) {
  return `${String(value).slice(0, 4)}…`;
}

/** The secrets `known` holds, each missing one made new; `made` names those. */
export function ensureSecrets(known = {}) {
  /** @type {Record<string, string>} */
  const secrets = { ...known };
  const made = [];
  for (const name of SHARED_SECRETS) {
    if (!secrets[name]) {
      secrets[name] = newSecret();
      made.push(name);
    }
  }
  return { secrets: /** @type {Secrets} */ (secrets), made };
}

/** A rotation's start: new secrets, the current ones kept as *_PREVIOUS until the rotation ends. */
export function rotateSecrets(/** @type {Secrets} */ secrets) {
  if (isRotating(secrets)) throw new Error('A rotation is already under way.');
  return {
    EDGE_PURGE_SECRET: newSecret(),
    CHORUS_PROXY_SECRET: newSecret(),
    EDGE_PURGE_SECRET_PREVIOUS: secrets.EDGE_PURGE_SECRET,
    CHORUS_PROXY_SECRET_PREVIOUS: secrets.CHORUS_PROXY_SECRET,
  };
}

/** A rotation's end: the previous secrets forgotten. */
export function endRotation(/** @type {Secrets} */ secrets) {
  const { EDGE_PURGE_SECRET_PREVIOUS, CHORUS_PROXY_SECRET_PREVIOUS, ...current } = secrets;
  return current;
}

/** True while a rotation waits for PocketBase to restart with the new secrets. */
export function isRotating(/** @type {Partial<Secrets>} */ secrets) {
  return Boolean(secrets.EDGE_PURGE_SECRET_PREVIOUS || secrets.CHORUS_PROXY_SECRET_PREVIOUS);
}

/** KEY=VALUE lines (comments and blank lines skipped) as an object. */
export function parseEnvFile(text) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) values[match[1]] = (match[2] ?? '').trim();
  }
  return values;
}

/** An env file's text: `comments` (one `# ` line each), then `KEY=VALUE` lines, then a newline. */
export function envFileText(comments, entries) {
  const lines = comments.map((line) => (line ? `# ${line}` : '#'));
  for (const [name, value] of Object.entries(entries)) {
    if (value === undefined) continue;
    if (/[\n\r]/.test(String(value))) throw new Error(`${name} cannot hold a line break.`);
    lines.push(`${name}=${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The secrets kept in `file`, or null when there is none yet. */
export function readSecretsFile(file) {
  if (!existsSync(file)) return null;
  const values = parseEnvFile(readFileSync(file, 'utf8'));
  /** @type {Record<string, string>} */
  const secrets = {};
  for (const name of [...SHARED_SECRETS, ...SHARED_SECRETS.map((n) => `${n}_PREVIOUS`)]) {
    if (values[name]) secrets[name] = values[name];
  }
  return /** @type {Partial<Secrets>} */ (secrets);
}

/** The text of .deploy/secrets.env. */
export function secretsFileText(/** @type {Secrets} */ secrets) {
  const rotating = isRotating(secrets);
  return envFileText(
    [
      'The secrets this Chorus site shares with its PocketBase, made by `npm run deploy` and reused by every later',
      'deploy. Keep this file private (never commit it): whoever holds it can publish to the site and name',
      'visitors to PocketBase. `npm run deploy -- --rotate-secrets` replaces them without downtime.',
      ...(rotating ? ['A rotation is under way: *_PREVIOUS are the old secrets, kept until it ends.'] : []),
    ],
    {
      EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET,
      CHORUS_PROXY_SECRET: secrets.CHORUS_PROXY_SECRET,
      EDGE_PURGE_SECRET_PREVIOUS: secrets.EDGE_PURGE_SECRET_PREVIOUS,
      CHORUS_PROXY_SECRET_PREVIOUS: secrets.CHORUS_PROXY_SECRET_PREVIOUS,
    },
  );
}

/**
 * Writes `text` to `file` readable by its owner only (mode 0600; its folder 0700), replacing it whole (a
 * temporary file renamed over it), so no reader ever sees half a file or a moment of wider permissions.
 */
export function writePrivateFile(file, text) {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
