// What the last deploys did, in .deploy/state.json: the site, PocketBase and Worker they used, and a SHA-256
// fingerprint of each value given to each Worker (never the value), so a deploy sends the Worker only what
// changed and knows which secret to delete.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writePrivateFile } from './secrets.mjs';

/**
 * @typedef {{ version: 1, site?: string, pocketbase?: string, pocketbaseInternal?: string, worker?: string,
 *   given: Record<string, Record<string, string>>, serverEnv?: string, deployedAt?: string }} DeployState
 */

/** A value's fingerprint, bound to its name (the same secret under two names gives two fingerprints). */
export function fingerprint(name, value) {
  return createHash('sha256').update(`chorus-deploy:${name}=${value}`).digest('hex');
}

/** @returns {DeployState} */
export function emptyState() {
  return { version: 1, given: {} };
}

/** The state in `file`, or an empty one; a file that is not ours is refused in one sentence. */
export function readState(file) {
  if (!existsSync(file)) return emptyState();
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} is not JSON: delete it and deploy again (every value is then given to the Worker).`);
  }
  if (parsed?.version !== 1 || typeof parsed.given !== 'object' || parsed.given === null) {
    throw new Error(`${file} is not a state this deploy knows: delete it and deploy again.`);
  }
  return /** @type {DeployState} */ (parsed);
}

export function writeState(file, /** @type {DeployState} */ state) {
  writePrivateFile(file, `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * What to send a Worker for it to hold `wanted` (a value to set, null to delete), given the fingerprints of
 * what it was given before: `payload` holds each value that is new or changed and a null for each name it
 * holds that must go; `unchanged` names the rest.
 * @param {Record<string, string | null>} wanted
 * @param {Record<string, string>} given
 */
export function workerChanges(wanted, given = {}) {
  /** @type {Record<string, string | null>} */
  const payload = {};
  const unchanged = [];
  for (const [name, value] of Object.entries(wanted)) {
    if (value === null) {
      if (name in given) payload[name] = null;
    } else if (given[name] === fingerprint(name, value)) {
      unchanged.push(name);
    } else {
      payload[name] = value;
    }
  }
  return { payload, unchanged };
}

/** The fingerprints a Worker holds once `payload` was sent to it. */
export function afterSending(
  /** @type {Record<string, string>} */ given,
  /** @type {Record<string, string | null>} */ payload,
) {
  const next = { ...given };
  for (const [name, value] of Object.entries(payload)) {
    if (value === null) delete next[name];
    else next[name] = fingerprint(name, value);
  }
  return next;
}
