// `npm run deploy` in a temp copy of this checkout (its tracked and new files, the last build, this
// node_modules), with no Cloudflare credentials (a temp HOME: no wrangler login; no CLOUDFLARE_API_TOKEN):
// - `--dry-run` prints the whole plan with every secret masked, checks the bundle with the real
//   `wrangler deploy --dry-run`, writes nothing and exits 0;
// - bad input is one sentence (exit 2), and so is the real wrangler's missing login;
// - a real deploy runs against a stand-in for Cloudflare: CHORUS_WRANGLER names a fake `wrangler` that
//   records each call and the JSON `secret bulk` reads on stdin. Cloudflare's API cannot be reached from here,
//   so what the stand-in proves is what deploy asks wrangler to do (which values, in which order, only what
//   changed), not that Cloudflare applies it. Check the real one after a real deploy:
//   `npx wrangler secret list --name <worker>` names PB_URL, SITE_URL, EDGE_PURGE_SECRET, CHORUS_PROXY_SECRET,
//   and `npm run doctor -- <site>` passes its shared-secret checks.
// - a rotation runs against a real PocketBase restarted with each .deploy/server.env deploy writes: deploy
//   sets the Application URL, gives the Worker the new edge secret while it still accepts the old, waits until
//   PocketBase runs the new secrets, then switches the Worker; the doctor's exit code becomes deploy's.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { parseEnvFile } from '../../../tools/lib/deploy/secrets.mjs';
import { startPocketBase } from '../../../tools/lib/pocketbase-server.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { ensureSiteBuilt } from '../../../tools/lib/site-server.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const SITE = 'https://feedback.example.com';
const PB = 'https://pb.example.com';
const STACK_LINE = /^\s+at /m;
const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };

let work: string;
let copy: string;
let log: string;
let baseEnv: NodeJS.ProcessEnv;

/**
 * A `wrangler` that answers as a logged-in one and records each call: its arguments and the secrets it was given
 * (`secret bulk`'s stdin, or the file `deploy --secrets-file` names).
 */
const FAKE_WRANGLER = `#!/usr/bin/env node
const { appendFileSync, readFileSync } = require('node:fs');
const args = process.argv.slice(2);
const secretsFile = args[0] === 'deploy' ? args[args.indexOf('--secrets-file') + 1] : undefined;
const stdin = args[0] === 'secret' && args[1] === 'bulk' ? readFileSync(0, 'utf8') : secretsFile && args.includes('--secrets-file') ? readFileSync(secretsFile, 'utf8') : '';
appendFileSync(process.env.FAKE_WRANGLER_LOG, JSON.stringify({ args, stdin }) + '\\n');
if (args[0] === 'whoami') {
  console.log(JSON.stringify({ loggedIn: true, authType: 'API Token', email: 'ops@example.com', accounts: [{ name: 'Example' }] }));
} else if (args[0] === 'secret' && args[1] === 'bulk') {
  for (const key of Object.keys(JSON.parse(stdin))) console.log('✨ Successfully created secret for key: ' + key);
} else {
  console.log('Uploaded ' + (args[2] || 'worker') + ' (stand-in)');
}
`;

/** This checkout's files as git sees them (tracked and new, not ignored), the last build and node_modules. */
function copyCheckout(to: string) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = join(ROOT, file);
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(from, join(to, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(to, 'node_modules'));
  cpSync(join(ROOT, 'dist'), join(to, 'dist'), { recursive: true });
  cpSync(join(ROOT, '.wrangler/deploy'), join(to, '.wrangler/deploy'), { recursive: true });
}

/** Every file under `root` (node_modules left out) with its size and time: what a run may not change. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        files[path.slice(root.length)] = `${stat.size} ${stat.mtimeMs}`;
      }
    }
  };
  walk(root);
  return files;
}

function deploy(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('npm', ['run', 'deploy', '--', ...args], {
    cwd: copy,
    env: { ...baseEnv, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const withStandIn = { CHORUS_WRANGLER: '' };
const calls = (): { args: string[]; stdin: string }[] =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
/** What the Worker was given, call by call: `secret bulk`, or a first version's `deploy --secrets-file`. */
const bulkPayloads = (from = 0) =>
  calls()
    .slice(from)
    .filter(
      (call) =>
        (call.args[0] === 'secret' && call.args[1] === 'bulk') ||
        (call.args[0] === 'deploy' && call.args.includes('--secrets-file')),
    )
    .map((call) => JSON.parse(call.stdin) as Record<string, string | null>);
const secretsNow = () => parseEnvFile(readFileSync(join(copy, '.deploy/secrets.env'), 'utf8'));
const serverEnvNow = () => parseEnvFile(readFileSync(join(copy, '.deploy/server.env'), 'utf8'));
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** No secret value deploy keeps appears in `text`, nor more than its first 4 characters. */
function expectNoSecretIn(text: string) {
  for (const value of Object.values(secretsNow())) {
    expect(text).not.toContain(value.slice(0, 12));
  }
}

beforeAll(async () => {
  await ensureSiteBuilt({ quiet: true });
  work = mkdtempSync(join(tmpdir(), 'chorus-deploy-'));
  copy = join(work, 'chorus');
  mkdirSync(copy);
  copyCheckout(copy);
  const home = join(work, 'home');
  mkdirSync(home);
  const fake = join(work, 'fake-wrangler');
  writeFileSync(fake, FAKE_WRANGLER);
  chmodSync(fake, 0o755);
  withStandIn.CHORUS_WRANGLER = fake;
  log = join(work, 'wrangler-calls.jsonl');
  const {
    CLOUDFLARE_API_TOKEN,
    CLOUDFLARE_ACCOUNT_ID,
    CLOUDFLARE_API_KEY,
    CLOUDFLARE_EMAIL,
    PB_SUPERUSER_EMAIL,
    PB_SUPERUSER_PASSWORD,
    PB_URL,
    CHORUS_WRANGLER,
    ...inherited
  } = process.env;
  baseEnv = {
    ...inherited,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    FAKE_WRANGLER_LOG: log,
    npm_config_update_notifier: 'false',
  };
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run deploy -- --dry-run', () => {
  it('prints the whole plan with every secret masked, checks the bundle with wrangler, writes nothing (exit 0)', () => {
    const before = snapshot(copy);
    const { code, out, err } = deploy(['--dry-run', '--site', SITE, '--pocketbase', PB, '--yes', '--skip-build']);
    expect(code, out + err).toBe(0);
    expect(out).toContain('Chorus deploy plan (dry run');
    for (const step of [
      ' 1. Check that wrangler is logged in to Cloudflare',
      ' 2. Build the site  [skipped: --skip-build',
      ' 3. Keep the shared secrets in .deploy/secrets.env (mode 0600, folder 0700)',
      ' 4. Deploy the Worker chorus on feedback.example.com (a custom domain)',
      ' 5. Give the Worker its settings and secrets',
      " 6. Write PocketBase's environment file .deploy/server.env (mode 0600)",
      ` 7. Set PocketBase's Application URL to ${SITE}`,
      ' 8. Check the deployment end to end',
    ]) {
      expect(out).toContain(step);
    }
    expect(out).toContain('npx wrangler deploy --name chorus --domains feedback.example.com');
    expect(out).toContain('npx wrangler deploy --name chorus --domains feedback.example.com --secrets-file');
    expect(out).toContain(`PB_URL=${PB}`);
    expect(out).toContain(`SITE_URL=${SITE}`);
    expect(out).toContain(`EDGE_URL=${SITE}`);
    expect(out).toContain('GOGC=400');
    expect(out).toContain('scp -p .deploy/server.env root@pb.example.com:');
    expect(out).toContain(`PATCH ${PB}/api/settings`);
    expect(out).toContain(`node tools/doctor.mjs ${SITE} --pocketbase ${PB}`);
    // wrangler's own dry run of the built Worker, with the Durable Objects from wrangler.toml.
    expect(out).toContain('--dry-run: exiting now.');
    expect(out).toMatch(/env\.LIVE_HUB \(LiveHub\)\s+Durable Object/);
    expect(out).toMatch(/env\.PURGE_QUEUE \(PurgeQueue\)\s+Durable Object/);
    // Secrets: each shown as 4 characters and an ellipsis, never more.
    const secretLines = out.split('\n').filter((line) => /(EDGE_PURGE|CHORUS_PROXY)_SECRET=/.test(line));
    expect(secretLines.length).toBeGreaterThanOrEqual(4);
    for (const line of secretLines) expect(line).toMatch(/_SECRET=[0-9a-f]{4}…$/);
    expect(out + err).not.toMatch(/[0-9a-f]{12,}/);
    expect(existsSync(join(copy, '.deploy'))).toBe(false);
    expect(snapshot(copy)).toEqual(before);
  }, 120_000);
});

describe('bad input and a missing login', () => {
  it('refuses a bad or missing address, and a deploy off a terminal without --yes, in one sentence (exit 2)', () => {
    const cases: [string[], RegExp][] = [
      [
        ['--dry-run', '--site', 'feedback.example.com', '--pocketbase', PB],
        /--site feedback\.example\.com is not an address/,
      ],
      [['--dry-run', '--site', 'http://feedback.example.com', '--pocketbase', PB], /--site must be an https:\/\//],
      [['--dry-run', '--site', SITE, '--pocketbase', 'http://pb.example.com'], /--pocketbase must be an https:\/\//],
      [['--dry-run', '--pocketbase', PB], /Give --site/],
      [['--site', SITE, '--pocketbase', PB], /pass --yes/],
      [['--dry-run', '--site', 'https://a.acme.workers.dev', '--pocketbase', PB, '--name', 'b'], /--name a/],
    ];
    for (const [args, message] of cases) {
      const { code, err } = deploy(args);
      expect(code, `${args.join(' ')}: ${err}`).toBe(2);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).toMatch(message);
      expect(err).not.toMatch(STACK_LINE);
    }
    expect(existsSync(join(copy, '.deploy'))).toBe(false);
  }, 120_000);

  it('stops before changing anything when wrangler is not logged in, and says how to log in (exit 2)', () => {
    const { code, out, err } = deploy(['--yes', '--skip-build', '--skip-doctor', '--site', SITE, '--pocketbase', PB]);
    expect(code, out + err).toBe(2);
    expect(err).toMatch(/not logged in to Cloudflare: run `npx wrangler login`.*CLOUDFLARE_API_TOKEN/);
    expect(err).not.toMatch(STACK_LINE);
    expect(existsSync(join(copy, '.deploy'))).toBe(false);
  }, 120_000);
});

describe('deploying through a stand-in for Cloudflare (CHORUS_WRANGLER)', () => {
  const args = ['--yes', '--skip-build', '--skip-doctor', '--pocketbase', PB];

  it('a first deploy makes the secrets once, deploys, and gives the Worker every value once', () => {
    const { code, out, err } = deploy([...args, '--site', SITE], withStandIn);
    expect(code, out + err).toBe(0);
    // The first version carries the Worker's settings and secrets: no moment without PB_URL, no `secret bulk`.
    expect(calls().map((call) => call.args.slice(0, 2).join(' '))).toEqual(['whoami --json', 'deploy --name']);
    const deployArgs = calls()[1]?.args ?? [];
    expect(deployArgs.slice(0, 6)).toEqual([
      'deploy',
      '--name',
      'chorus',
      '--domains',
      'feedback.example.com',
      '--secrets-file',
    ]);
    expect(existsSync(deployArgs[6] ?? ''), 'the secrets file is removed after the deploy').toBe(false);
    const secrets = secretsNow();
    expect(secrets.EDGE_PURGE_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.CHORUS_PROXY_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(bulkPayloads()).toEqual([
      {
        PB_URL: PB,
        SITE_URL: SITE,
        EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET,
        CHORUS_PROXY_SECRET: secrets.CHORUS_PROXY_SECRET,
      },
    ]);
    expect(serverEnvNow()).toEqual({
      EDGE_URL: SITE,
      EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET,
      CHORUS_PROXY_SECRET: secrets.CHORUS_PROXY_SECRET,
      GOGC: '400',
    });
    const serverEnv = readFileSync(join(copy, '.deploy/server.env'), 'utf8');
    expect(serverEnv).toMatch(/chorus\.env/);
    expect(serverEnv).toMatch(/CHORUS_ENV_FILE/);
    expect(serverEnv).toMatch(/EnvironmentFile=/);
    expect(modeOf(join(copy, '.deploy'))).toBe(0o700);
    for (const file of ['secrets.env', 'state.json', 'server.env'])
      expect(modeOf(join(copy, '.deploy', file))).toBe(0o600);
    const state = readFileSync(join(copy, '.deploy/state.json'), 'utf8');
    expect(Object.keys(JSON.parse(state).given.chorus)).toEqual([
      'PB_URL',
      'SITE_URL',
      'EDGE_PURGE_SECRET',
      'CHORUS_PROXY_SECRET',
    ]);
    expectNoSecretIn(state);
    expectNoSecretIn(out + err);
    expect(out).toContain('scp -p .deploy/server.env root@pb.example.com:/etc/chorus/deploy.env');
    expect(out).toMatch(/Still to do by hand:[\s\S]*Application URL/);
    // .deploy/ is ignored by git, so the secrets cannot be committed by accident.
    expect(execFileSync('git', ['check-ignore', '.deploy/secrets.env'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe(
      '.deploy/secrets.env',
    );
  }, 120_000);

  it('a second deploy sends nothing unchanged; a new site address sends SITE_URL alone', () => {
    const secrets = secretsNow();
    const from = calls().length;
    const again = deploy([...args, '--site', SITE], withStandIn);
    expect(again.code, again.out + again.err).toBe(0);
    expect(bulkPayloads(from)).toEqual([]);
    expect(again.out).toContain('Nothing changed since the last deploy: nothing sent.');
    expect(
      calls()
        .slice(from)
        .map((call) => call.args[0]),
    ).toEqual(['whoami', 'deploy']);
    expect(secretsNow()).toEqual(secrets);

    const moved = calls().length;
    const elsewhere = deploy([...args, '--site', 'https://ideas.example.com'], withStandIn);
    expect(elsewhere.code, elsewhere.out + elsewhere.err).toBe(0);
    expect(bulkPayloads(moved)).toEqual([{ SITE_URL: 'https://ideas.example.com' }]);
    expect(serverEnvNow().EDGE_URL).toBe('https://ideas.example.com');
    expect(elsewhere.out).toContain('It changed: copy it to the server');
    expect(secretsNow()).toEqual(secrets);

    const back = deploy([...args, '--site', SITE], withStandIn);
    expect(back.code).toBe(0);
    expect(bulkPayloads(moved).at(-1)).toEqual({ SITE_URL: SITE });
  }, 120_000);

  describe('with a real PocketBase, restarted with each server.env deploy writes', () => {
    let dataDir: string;
    let port: number;
    let pbUrl: string;
    let server: Awaited<ReturnType<typeof startPocketBase>> | undefined;
    let first = true;
    const withSuperuser = () => ({
      ...withStandIn,
      PB_SUPERUSER_EMAIL: superuser.email,
      PB_SUPERUSER_PASSWORD: superuser.password,
    });
    const pbArgs = () => ['--yes', '--skip-build', '--skip-doctor', '--site', SITE, '--pocketbase', pbUrl];

    /** PocketBase (re)started as the operator does: with the environment file deploy wrote. */
    async function restartWithServerEnv() {
      await server?.stop();
      server = await startPocketBase({
        dataDir,
        port,
        superuser: first ? superuser : undefined,
        env: serverEnvNow(),
      });
      first = false;
    }

    async function settings() {
      const signIn = await fetch(`${pbUrl}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const answer = await fetch(`${pbUrl}/api/settings`, { headers: { authorization: token } });
      return (await answer.json()) as { meta: { appURL: string }; trustedProxy: { headers: string[] } };
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'chorus-deploy-pb-'));
      port = await freePort();
      pbUrl = `http://127.0.0.1:${port}`;
      await restartWithServerEnv();
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it("sets PocketBase's Application URL and gives the Worker the new PocketBase address alone", async () => {
      expect((await settings()).meta.appURL).not.toBe(SITE);
      const from = calls().length;
      const { code, out, err } = deploy(pbArgs(), withSuperuser());
      expect(code, out + err).toBe(0);
      expect(out).toMatch(/Set \(it was .*\)\./);
      expect((await settings()).meta.appURL).toBe(SITE);
      expect(bulkPayloads(from)).toEqual([{ PB_URL: pbUrl }]);
      const again = deploy(pbArgs(), withSuperuser());
      expect(again.out).toContain('Already the site.');
    }, 120_000);

    it('rotates the secrets in an order where neither side refuses the other, waiting for PocketBase between', async () => {
      const old = secretsNow();
      const from = calls().length;
      // 1. The Worker takes the new edge secret and keeps accepting the old; PocketBase still runs the old
      //    secrets, so deploy stops half way (with --yes it goes on only once PocketBase shows the new ones).
      const started = deploy([...pbArgs(), '--rotate-secrets'], withSuperuser());
      expect(started.code, started.out + started.err).toBe(0);
      const rotating = secretsNow();
      expect(rotating.EDGE_PURGE_SECRET_PREVIOUS).toBe(old.EDGE_PURGE_SECRET);
      expect(rotating.CHORUS_PROXY_SECRET_PREVIOUS).toBe(old.CHORUS_PROXY_SECRET);
      expect(rotating.EDGE_PURGE_SECRET).not.toBe(old.EDGE_PURGE_SECRET);
      expect(rotating.CHORUS_PROXY_SECRET).not.toBe(old.CHORUS_PROXY_SECRET);
      expect(bulkPayloads(from)).toEqual([
        { EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET, EDGE_PURGE_SECRET_PREVIOUS: old.EDGE_PURGE_SECRET },
      ]);
      expect(serverEnvNow()).toEqual({
        EDGE_URL: SITE,
        EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET,
        CHORUS_PROXY_SECRET: rotating.CHORUS_PROXY_SECRET,
        CHORUS_PROXY_SECRET_PREVIOUS: old.CHORUS_PROXY_SECRET,
        GOGC: '400',
      });
      expect(started.out).toContain('PocketBase does not run with the new secrets yet');
      expect(started.out).toContain('The rotation stops here, half done and safe');
      expect(started.out).toMatch(/Rotation 3\/4.*\[skipped: the next deploy does it\]/);
      expectNoSecretIn(started.out + started.err);

      // Run again before PocketBase restarted: nothing more goes to the Worker.
      const early = deploy(pbArgs(), withSuperuser());
      expect(early.code).toBe(0);
      expect(bulkPayloads(from)).toHaveLength(1);
      expect(early.out).toContain('PocketBase does not run with the new secrets yet');

      // 2. The operator restarts PocketBase with the new file: it trusts the old and the new proxy secret.
      await restartWithServerEnv();
      expect((await settings()).trustedProxy.headers).toEqual([
        clientAddressHeader(rotating.CHORUS_PROXY_SECRET ?? ''),
        clientAddressHeader(old.CHORUS_PROXY_SECRET ?? ''),
      ]);

      // 3. Deploy sees PocketBase run the new secrets and switches the Worker; the old secrets are forgotten.
      const finished = deploy(pbArgs(), withSuperuser());
      expect(finished.code, finished.out + finished.err).toBe(0);
      expect(finished.out).toContain('PocketBase runs with the new secrets.');
      expect(bulkPayloads(from)).toEqual([
        { EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET, EDGE_PURGE_SECRET_PREVIOUS: old.EDGE_PURGE_SECRET },
        { EDGE_PURGE_SECRET_PREVIOUS: null, CHORUS_PROXY_SECRET: rotating.CHORUS_PROXY_SECRET },
      ]);
      expect(secretsNow()).toEqual({
        EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET,
        CHORUS_PROXY_SECRET: rotating.CHORUS_PROXY_SECRET,
      });
      expect(serverEnvNow().CHORUS_PROXY_SECRET_PREVIOUS).toBeUndefined();

      // 4. PocketBase restarted once more trusts only the new secret; a later deploy sends nothing.
      await restartWithServerEnv();
      expect((await settings()).trustedProxy.headers).toEqual([
        clientAddressHeader(rotating.CHORUS_PROXY_SECRET ?? ''),
      ]);
      const after = calls().length;
      expect(deploy(pbArgs(), withSuperuser()).code).toBe(0);
      expect(bulkPayloads(after)).toEqual([]);
    }, 240_000);

    it('refuses a second rotation while one is under way (exit 2)', async () => {
      const started = deploy([...pbArgs(), '--rotate-secrets'], withSuperuser());
      expect(started.code).toBe(0);
      const twice = deploy([...pbArgs(), '--rotate-secrets'], withSuperuser());
      expect(twice.code).toBe(2);
      expect(twice.err).toMatch(/A rotation is already under way/);
      // Finish it as the operator would, so the files end as they began.
      await restartWithServerEnv();
      expect(deploy(pbArgs(), withSuperuser()).code).toBe(0);
      expect(secretsNow().CHORUS_PROXY_SECRET_PREVIOUS).toBeUndefined();
    }, 240_000);

    it("ends with the doctor, whose exit code is deploy's", () => {
      const args = pbArgs().filter((arg) => arg !== '--skip-doctor');
      const { code, out, err } = deploy(args, withSuperuser());
      // The site is not really on Cloudflare, so the doctor finds it does not answer.
      expect(out).toContain(`Checking ${SITE} (PocketBase: ${pbUrl})`);
      expect(out).toMatch(/FAIL\s+The site answers/);
      expect(out).toContain('The doctor exited 1; deploy exits the same.');
      expect(code, out + err).toBe(1);
    }, 120_000);
  });
});
