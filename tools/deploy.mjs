// Deploys Chorus in one command: builds the site, deploys the Worker with wrangler (wrangler.toml's Durable
// Objects and cache; a custom domain when the site is not on workers.dev), makes the secrets the Worker and
// PocketBase share once (node:crypto) and gives the Worker only what changed since the last deploy (wrangler
// secret bulk; a new Worker's first version carries them, deploy --secrets-file), writes PocketBase's
// environment file, sets PocketBase's Application URL, then runs the doctor, whose exit code is deploy's. Asks for what it lacks in a terminal; scriptable with flags (--yes) in CI.
//
// Files (git-ignored, mode 0600 in a 0700 folder): .deploy/secrets.env (the shared secrets: keep it private),
// .deploy/state.json (what each Worker was given, as SHA-256 fingerprints, never values), .deploy/server.env
// (PocketBase's environment: copy it to the server as deploy.env, beside the operator's chorus.env, which deploy
// never writes: /etc/chorus/deploy.env for the systemd unit; then restart PocketBase. Deploy prints the scp
// command, it never reaches the server).
//
// Needs wrangler logged in (`npx wrangler login`, or CLOUDFLARE_API_TOKEN in CI). With PB_SUPERUSER_EMAIL and
// PB_SUPERUSER_PASSWORD it sets the Application URL and runs the doctor; without them both are printed as to-dos.
//
// Options:
//   --site <https url>          the site's address (a *.workers.dev name, or a custom domain on Cloudflare)
//   --pocketbase <url>          PocketBase's public address (the Worker's PB_URL)
//   --pocketbase-internal <url> another address the Worker reads PocketBase at (PUBLIC_PB_URL is then --pocketbase)
//   --name <worker>             the Worker's name (default: wrangler.toml's, or the workers.dev name's first label)
//   --yes                       no questions (CI); needed when stdin is not a terminal
//   --dry-run                   print the whole plan (secrets masked), check the bundle with `wrangler deploy
//                               --dry-run`; change and write nothing (no Cloudflare account needed)
//   --rotate-secrets            new shared secrets, without downtime: the Worker accepts the old edge secret and
//                               PocketBase the old proxy secret until both sides hold the new ones
//   --skip-build                deploy the last build (dist/)
//   --skip-doctor               do not run the doctor at the end
//
// CHORUS_WRANGLER names another wrangler executable (the tests' stand-in for Cloudflare).
import './lib/require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { commandLine, helpCommand, UsageError } from './lib/cli.mjs';
import {
  copyCommands,
  planDeploy,
  pocketBaseAddress,
  SERVER_ENV_COMMENTS,
  siteAddress,
  workerFor,
  workerSecrets,
} from './lib/deploy/plan.mjs';
import { runsWithProxySecret, setApplicationUrl, superuserFromEnv } from './lib/deploy/pocketbase.mjs';
import {
  ensureSecrets,
  envFileText,
  isRotating,
  readSecretsFile,
  rotateSecrets,
  SHARED_SECRETS,
  secretsFileText,
  writePrivateFile,
} from './lib/deploy/secrets.mjs';
import { afterSending, fingerprint, readState, workerChanges, writeState } from './lib/deploy/state.mjs';
import { dryRunDeploy, runWrangler, sendSecrets, whoAmI } from './lib/deploy/wrangler.mjs';

const { values } = commandLine({
  command: 'deploy',
  file: import.meta.url,
  synopsis:
    '[--site <https url>] [--pocketbase <url>] [--name <worker>] [--yes] [--dry-run] [--rotate-secrets] [--skip-build] [--skip-doctor]',
  options: {
    site: { type: 'string' },
    pocketbase: { type: 'string' },
    'pocketbase-internal': { type: 'string' },
    name: { type: 'string' },
    yes: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    'rotate-secrets': { type: 'boolean' },
    'skip-build': { type: 'boolean' },
    'skip-doctor': { type: 'boolean' },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = join(root, '.deploy');
const files = {
  secrets: join(folder, 'secrets.env'),
  state: join(folder, 'state.json'),
  server: join(folder, 'server.env'),
};
const dryRun = Boolean(values['dry-run']);
if (!dryRun && !values.yes && !process.stdin.isTTY) {
  throw new UsageError(
    'stdin is not a terminal: pass --yes to deploy without questions (or --dry-run to see the plan).',
  );
}
/** Questions go to the operator's terminal; with --yes (or none) nothing is asked. */
const terminal =
  process.stdin.isTTY && !values.yes ? createInterface({ input: process.stdin, output: process.stdout }) : null;
const ask = async (question) => (terminal ? (await terminal.question(question)).trim() : '');

const state = readState(files.state);
const site = siteAddress(await given('site', state.site, "The site's address (https://feedback.example.com): "));
const pocketbase = pocketBaseAddress(
  await given('pocketbase', state.pocketbase, "PocketBase's public address (https://pb.example.com): "),
);
const internalText = values['pocketbase-internal'] ?? state.pocketbaseInternal;
const pocketbaseInternal = internalText ? pocketBaseAddress(internalText, '--pocketbase-internal') : undefined;
const { worker, domain } = workerFor({
  site,
  name: values.name ?? (state.site === site ? state.worker : undefined),
  configured: configuredName(),
});
const credentials = superuserFromEnv();

const kept = readSecretsFile(files.secrets);
let { secrets, made } = ensureSecrets(kept ?? {});
let secretsNote;
if (values['rotate-secrets']) {
  if (isRotating(secrets)) {
    throw new UsageError(
      'A rotation is already under way (.deploy/secrets.env holds the old secrets): run `npm run deploy` without --rotate-secrets to finish it first.',
    );
  }
  if (made.length === SHARED_SECRETS.length) {
    secretsNote = 'Made new (there were none to rotate), from node:crypto’s random source.';
  } else {
    secrets = rotateSecrets(secrets);
    made = [...SHARED_SECRETS];
    secretsNote = 'Rotated: new secrets made; the old ones kept as *_PREVIOUS until the rotation ends.';
  }
} else if (made.length) {
  secretsNote = `Made once from node:crypto’s random source: ${made.join(', ')}; every later deploy reuses them.`;
} else if (isRotating(secrets)) {
  secretsNote = 'A rotation is under way (the old secrets kept as *_PREVIOUS): this deploy goes on with it.';
} else {
  secretsNote = 'Reused from .deploy/secrets.env (made by an earlier deploy).';
}

const steps = planDeploy({
  site,
  pocketbase,
  pocketbaseInternal,
  worker,
  domain,
  secrets,
  secretsNote,
  state,
  skipBuild: values['skip-build'],
  skipDoctor: values['skip-doctor'],
  credentials: Boolean(credentials),
});

console.log(dryRun ? 'Chorus deploy plan (dry run: nothing is deployed, changed or written)' : 'Chorus deploy plan');
console.log(`  Site:        ${site}`);
console.log(
  `  PocketBase:  ${pocketbase}${pocketbaseInternal ? ` (the Worker reads it at ${pocketbaseInternal})` : ''}`,
);
console.log(`  Worker:      ${worker}${domain ? ` (custom domain ${domain})` : ' (workers.dev)'}`);
console.log(`  Files:       .deploy/secrets.env, .deploy/state.json, .deploy/server.env (git-ignored, mode 0600)`);
steps.forEach((step, index) => {
  console.log(`\n${String(index + 1).padStart(2)}. ${step.title}${step.skipped ? `  [skipped: ${step.skipped}]` : ''}`);
  for (const line of step.lines) console.log(`      ${line}`);
});

if (dryRun) {
  console.log('\nChecking the Worker bundle with wrangler (no account needed):');
  if (isBuilt()) {
    refuseStrayServerBundles();
    const outdir = mkdtempSync(join(tmpdir(), 'chorus-deploy-dry-run-'));
    try {
      const deployStep = steps.find((step) => step.id === 'deploy');
      for (const line of await dryRunDeploy(root, deployStep.args, outdir)) console.log(`      ${line}`);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  } else {
    console.log(
      '      Not checked: the site is not built yet (`npm run build`, or deploy without --dry-run builds it).',
    );
  }
  console.log('\nDry run: nothing was deployed, no file was written. Run it without --dry-run to deploy.');
  process.exit(0);
}

if (terminal && !/^(y|yes|)$/i.test(await ask('\nGo ahead? [Y/n] '))) {
  console.log('Nothing was done.');
  process.exit(0);
}

const todos = [];
let serverEnvChanged = false;
let rotationStopped = false;
let exitCode = 0;
for (const [index, step] of steps.entries()) {
  const skipped = rotationStopped && step.secondHalf ? 'the next deploy does it' : step.skipped;
  console.log(`\n[${index + 1}/${steps.length}] ${step.title}${skipped ? `  [skipped: ${skipped}]` : ''}`);
  if (rotationStopped && step.secondHalf) continue;
  exitCode = (await run(step)) ?? exitCode;
}
if (todos.length) {
  console.log('\nStill to do by hand:');
  for (const todo of todos) console.log(`  - ${todo}`);
}
terminal?.close();
process.exit(exitCode);

/** One step of the plan, done. Answers an exit code when the step decides it (the doctor). */
async function run(step) {
  switch (step.id) {
    case 'login':
      console.log(`      wrangler acts as ${await whoAmI(root)}`);
      return;
    case 'build':
      if (!step.skipped) await npmRunBuild();
      if (!isBuilt()) {
        throw new UsageError(
          'The site is not built (no dist/server/entry.mjs): deploy without --skip-build, or run `npm run build` first.',
        );
      }
      refuseStrayServerBundles();
      return;
    case 'secrets-file':
    case 'end-rotation':
      writePrivateFile(files.secrets, secretsFileText(step.secrets));
      console.log(
        `      ${step.id === 'end-rotation' ? 'The old secrets are gone from' : 'Kept in'} .deploy/secrets.env`,
      );
      return;
    case 'deploy': {
      // The first version's secrets go in a file only this user can read, in a private folder, removed after.
      const privateDir = step.secretsFile ? mkdtempSync(join(tmpdir(), 'chorus-deploy-')) : null;
      let args = step.args;
      if (privateDir) {
        writePrivateFile(join(privateDir, 'secrets.json'), JSON.stringify(step.secretsFile));
        args = [...args, '--secrets-file', join(privateDir, 'secrets.json')];
      }
      try {
        const { code } = await runWrangler(root, args);
        if (code !== 0) throw new Error(`wrangler deploy failed (exit ${code}; its message is above).`);
      } finally {
        if (privateDir) rmSync(privateDir, { recursive: true, force: true });
      }
      if (step.secretsFile) state.given[worker] = afterSending(state.given[worker] ?? {}, step.secretsFile);
      Object.assign(state, { site, pocketbase, pocketbaseInternal, worker, deployedAt: new Date().toISOString() });
      writeState(files.state, state);
      return;
    }
    case 'worker-secrets': {
      // Worked out again from what the Worker holds now (a failed run before may have left it behind the plan).
      const wanted = workerSecrets({ site, pocketbase, pocketbaseInternal, secrets, phase: step.phase });
      const { payload, unchanged } = workerChanges(wanted, state.given[worker]);
      const names = Object.keys(payload);
      if (names.length === 0) {
        console.log('      Nothing changed since the last deploy: nothing sent.');
        return;
      }
      await sendSecrets(root, worker, payload);
      state.given[worker] = afterSending(state.given[worker] ?? {}, payload);
      writeState(files.state, state);
      const removed = names.filter((name) => payload[name] === null);
      const set = names.filter((name) => payload[name] !== null);
      console.log(
        `      Sent ${set.join(', ') || 'no value'}${removed.length ? `; removed ${removed.join(', ')}` : ''}${unchanged.length ? ` (unchanged: ${unchanged.join(', ')})` : ''}.`,
      );
      return;
    }
    case 'server-env': {
      const text = envFileText(SERVER_ENV_COMMENTS, step.entries);
      writePrivateFile(files.server, text);
      const print = fingerprint('server.env', text);
      serverEnvChanged = state.serverEnv !== print;
      state.serverEnv = print;
      writeState(files.state, state);
      if (serverEnvChanged) {
        console.log('      Written. It changed: copy it to the server and restart PocketBase, e.g.:');
        for (const line of copyCommands(pocketbase)) console.log(`        ${line}`);
        // A rotation's own steps say when to copy it.
        if (step.stage === 'normal') todos.push('Copy .deploy/server.env to the server and restart PocketBase.');
      } else {
        console.log('      Written, the same as the last deploy wrote (nothing to copy if the server has it).');
      }
      return;
    }
    case 'app-url': {
      const { result, why, was } = await setApplicationUrl(pocketbase, site, credentials);
      if (result === 'set') console.log(`      Set (it was ${was || 'empty'}).`);
      else if (result === 'already') console.log('      Already the site.');
      else {
        console.log(`      Not set: ${why}.`);
        todos.push(`Set PocketBase's Application URL to ${site} (admin UI: Settings → Application → Application URL).`);
      }
      return;
    }
    case 'wait-server':
      for (const line of step.operator) console.log(`      ${line}`);
      rotationStopped = !(await serverHasNewSecrets(step.proxySecret));
      if (rotationStopped) {
        console.log(
          '      The rotation stops here, half done and safe: both sides accept each other. Once PocketBase has restarted with .deploy/server.env, run `npm run deploy` again to finish it.',
        );
        todos.push('Restart PocketBase with .deploy/server.env, then run `npm run deploy` to finish the rotation.');
      }
      return;
    case 'server-cleanup':
      for (const line of step.lines) console.log(`      ${line}`);
      todos.push('Copy .deploy/server.env to the server again and restart PocketBase (ends the rotation there).');
      return;
    case 'doctor':
      return await doctor(step);
    default:
      throw new Error(`Unknown step ${step.id}.`);
  }
}

/** Asks (in a terminal) or checks (with --yes) that PocketBase restarted with a rotation's new secrets. */
async function serverHasNewSecrets(proxySecret) {
  const startedNow = Boolean(values['rotate-secrets']);
  for (;;) {
    if (terminal) {
      const answer = await ask(
        '      Press Enter once PocketBase has restarted with the new file (or type "later" to stop here): ',
      );
      if (/^later$/i.test(answer)) return false;
    }
    const { runs, why } = await runsWithProxySecret(pocketbase, credentials, proxySecret);
    if (runs === true) {
      console.log('      PocketBase runs with the new secrets.');
      return true;
    }
    if (runs === false) {
      console.log('      PocketBase does not run with the new secrets yet (it does not trust their header).');
      if (!terminal) return false;
      continue;
    }
    if (terminal) {
      console.log(`      Cannot check PocketBase (${why}): going on, on your word.`);
      return true;
    }
    if (startedNow) {
      console.log(`      Cannot check PocketBase (${why}), and with --yes nobody can say it restarted.`);
      return false;
    }
    console.log(
      `      Cannot check PocketBase (${why}): going on, as this deploy was run again to finish the rotation.`,
    );
    return true;
  }
}

/** Runs the doctor (its exit code is deploy's), or says how when it cannot run. */
async function doctor(step) {
  if (step.skipped) return 0;
  const command = `PB_SUPERUSER_EMAIL=… PB_SUPERUSER_PASSWORD=… node tools/doctor.mjs ${step.args.join(' ')}`;
  if (!credentials) {
    console.log('      Not run: it needs PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD.');
    todos.push(`Check the deployment: ${command}`);
    return 0;
  }
  if (terminal && serverEnvChanged && !rotationStopped) {
    await ask(
      '      Copy .deploy/server.env to the server and restart PocketBase, then press Enter to run the doctor: ',
    );
  }
  const child = spawn(process.execPath, [join(root, 'tools', 'doctor.mjs'), ...step.args], {
    cwd: root,
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.on('exit', (exit) => resolve(exit ?? 1)));
  if (code !== 0) console.log(`      The doctor exited ${code}; deploy exits the same.`);
  return code;
}

/** An option's value, else the last deploy's, else asked for in a terminal; missing otherwise is bad input. */
async function given(option, remembered, question) {
  const value = values[option] ?? remembered ?? (terminal ? await ask(question) : '');
  if (!value) {
    throw new UsageError(
      `Give --${option} (e.g. --site https://feedback.example.com --pocketbase https://pb.example.com); see \`${helpCommand('deploy')}\`.`,
    );
  }
  return value;
}

/** wrangler.toml's Worker name. */
function configuredName() {
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  return /^name\s*=\s*"([^"]+)"/m.exec(toml)?.[1] ?? 'chorus';
}

/** The build wrangler deploys: Astro's Worker and the redirected configuration it writes for wrangler. */
function isBuilt() {
  return (
    existsSync(join(root, 'dist', 'server', 'entry.mjs')) &&
    existsSync(join(root, '.wrangler', 'deploy', 'config.json'))
  );
}

/**
 * An older `npm run build:server` wrote its bundle into dist/server, the Worker's own folder: wrangler would
 * upload its hooks and migrations as Worker modules. The bundle now lives in .build/server.
 */
function refuseStrayServerBundles() {
  const serverDir = join(root, 'dist', 'server');
  const stray = existsSync(serverDir) ? readdirSync(serverDir).filter((name) => name.startsWith('chorus-server-')) : [];
  if (stray.length) {
    throw new UsageError(
      `dist/server holds a server bundle from an older build:server (${stray.join(', ')}): wrangler would upload it with the Worker. Remove it (rm -r dist/server/chorus-server-*) or deploy without --skip-build.`,
    );
  }
}

function npmRunBuild() {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => reject(new Error(`npm run build could not start: ${error.message}.`)));
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`npm run build failed (exit ${code}; its output is above).`)),
    );
  });
}
