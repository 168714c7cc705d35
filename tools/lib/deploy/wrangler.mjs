// Runs wrangler for `npm run deploy`: the project's own (node_modules/.bin/wrangler, what `npx wrangler` runs),
// or the command CHORUS_WRANGLER names (a seam: the tests put a stand-in for Cloudflare's API there). Secrets go
// to `wrangler secret bulk` as JSON on its stdin, never in an argument or a file.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../cli.mjs';

/** Wrangler without its usage metrics or its fetch of Cloudflare's request details. */
const QUIET = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

export const NOT_LOGGED_IN =
  'Wrangler is not logged in to Cloudflare: run `npx wrangler login` (or, in CI, set CLOUDFLARE_API_TOKEN, and CLOUDFLARE_ACCOUNT_ID if the token sees several accounts), then deploy again.';

/** The wrangler executable: CHORUS_WRANGLER, else the project's. */
export function wranglerCommand(root) {
  return process.env.CHORUS_WRANGLER || join(root, 'node_modules', '.bin', 'wrangler');
}

/**
 * Runs `wrangler <args>` in `root`. `input` is written to its stdin; `capture` keeps its output instead of
 * showing it. Resolves with the exit code and the captured output.
 * @param {string} root
 * @param {string[]} args
 * @param {{ input?: string, capture?: boolean }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
export function runWrangler(root, args, { input, capture = false } = {}) {
  const command = wranglerCommand(root);
  if (!process.env.CHORUS_WRANGLER && !existsSync(command)) {
    throw new UsageError('wrangler is not installed here: run `npm install` first.');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...QUIET },
      stdio: [input === undefined ? 'ignore' : 'pipe', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) =>
      reject(new UsageError(`wrangler could not be started (${command}): ${error.message}.`)),
    );
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Who wrangler acts as, or a UsageError saying how to log in. */
export async function whoAmI(root) {
  const { code, output } = await runWrangler(root, ['whoami', '--json'], { capture: true });
  const answer = lastJson(output);
  if (answer?.loggedIn === true) {
    const account = answer.accounts?.[0]?.name;
    return [answer.email, account && `account ${account}`, answer.authType && `(${answer.authType})`]
      .filter(Boolean)
      .join(' ');
  }
  if (answer?.loggedIn === false || /not (logged in|authenticated)/i.test(output)) throw new UsageError(NOT_LOGGED_IN);
  if (code !== 0) {
    const last = output.trim().split('\n').filter(Boolean).at(-1) ?? '';
    throw new Error(`wrangler whoami failed (exit ${code})${last ? `: ${last.trim()}` : ''}`);
  }
  return 'logged in';
}

/** The last line of `text` that is a JSON object, parsed, or null. */
function lastJson(text) {
  const lines = text.split('\n').filter((line) => line.trim().startsWith('{'));
  for (const line of lines.reverse()) {
    try {
      return JSON.parse(line);
    } catch {}
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Gives Worker `name` the values in `payload` (null deletes) in one `wrangler secret bulk`. */
export async function sendSecrets(root, name, payload) {
  const { code } = await runWrangler(root, ['secret', 'bulk', '--name', name], { input: JSON.stringify(payload) });
  if (code !== 0) {
    throw new Error(
      `wrangler secret bulk failed (exit ${code}; its message is above): the Worker keeps what it had, run deploy again.`,
    );
  }
}

/**
 * `wrangler deploy --dry-run` into `outdir` (no account needed): bundles the built Worker and checks its
 * configuration. Answers the lines worth showing (its module table left out) or throws with its whole output.
 */
export async function dryRunDeploy(root, args, outdir) {
  const { code, output } = await runWrangler(root, [...args, '--dry-run', '--outdir', outdir], { capture: true });
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`wrangler deploy --dry-run failed (exit ${code}; its output is above).`);
  }
  return output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/^[│├┌└─┬┴┼┤┐┘]/.test(line.trim()));
}
