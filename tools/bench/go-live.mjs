// `npm run bench -- go-live`: the time from a checkout to a doctor that passes, against a local stand-in
// deployment on this machine: the site built and served in workerd behind the local edge (Cloudflare's stand-in),
// the server bundle built and started from an empty folder with the shared secrets `npm run deploy` generates in
// its deploy.env, a superuser, the Application URL set as deploy sets it, SMTP pointed at a local catcher, and
// `npm run doctor`. Prints each step's time and the doctor's lines. Never fails on time.
import '../lib/require-node.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { serverEnvEntries } from '../lib/deploy/plan.mjs';
import { setApplicationUrl } from '../lib/deploy/pocketbase.mjs';
import { ensureSecrets, envFileText } from '../lib/deploy/secrets.mjs';
import { startMailCatcher } from '../lib/mail-catcher.mjs';
import { stopProcess } from '../lib/pocketbase-server.mjs';
import { freePorts } from '../lib/ports.mjs';
import { buildServerBundle } from '../lib/server-bundle/bundle.mjs';
import { startChorusServer, unpackBundle } from '../lib/server-bundle/run.mjs';
import { buildSite, startSite } from '../lib/site-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = commandLine({
  command: 'bench go-live',
  file: import.meta.url,
  synopsis: '[--skip-site-build]',
  options: { 'skip-site-build': { type: 'boolean', default: false } },
});
const SUPERUSER = { email: 'operator@chorus.test', password: `go-live-${Date.now()}` };
const workDir = mkdtempSync(join(tmpdir(), 'chorus-go-live-'));
const steps = [];
let last = performance.now();
const began = last;
const step = (name) => {
  const now = performance.now();
  steps.push([name, (now - last) / 1000]);
  console.log(`  ${((now - last) / 1000).toFixed(1).padStart(6)} s  ${name}`);
  last = now;
};
const stops = [];

try {
  console.log('From a checkout to a passing doctor, on a local stand-in deployment (this machine)\n');
  if (!values['skip-site-build']) {
    await buildSite({ quiet: true });
    step('npm run build (the site)');
  }
  const { tarball } = await buildServerBundle({ outDir: join(workDir, 'out'), log: () => {} });
  step('npm run build:server (the bundle)');
  const bundle = unpackBundle(tarball, workDir);
  const [sitePort, smtpPort] = await freePorts(2);
  const site = `http://127.0.0.1:${sitePort}`;
  const { secrets } = ensureSecrets({});
  writeFileSync(join(bundle, 'deploy.env'), envFileText([], serverEnvEntries({ site, secrets })), { mode: 0o600 });
  step('unpack, and the shared secrets in deploy.env (as npm run deploy writes them)');

  const mail = await startMailCatcher({ smtpPort });
  stops.push(() => mail.stop?.());
  const server = await startChorusServer(bundle);
  stops.push(() => stopProcess(server.process));
  const pbUrl = server.url;
  step('chorus-server on an empty folder, up');
  execFileSync(join(bundle, 'chorus-server'), [
    'pocketbase',
    'superuser',
    'upsert',
    SUPERUSER.email,
    SUPERUSER.password,
  ]);
  await setApplicationUrl(pbUrl, site, SUPERUSER);
  const admin = await connectAsSuperuser(pbUrl, SUPERUSER);
  await admin.settings.update({ smtp: { enabled: true, host: '127.0.0.1', port: smtpPort, tls: false } });
  step('a superuser, the Application URL and SMTP');
  const worker = await startSite({
    port: sitePort,
    siteUrl: site,
    pbUrl,
    proxySecret: secrets.CHORUS_PROXY_SECRET,
    edgePurgeSecret: secrets.EDGE_PURGE_SECRET,
  });
  stops.push(() => worker.stop());
  step('the Worker in workerd with the same secrets, behind the local edge');

  const doctor = spawn(process.execPath, [join(root, 'tools', 'doctor.mjs'), site, '--pocketbase', pbUrl], {
    env: { ...process.env, PB_URL: '', PB_SUPERUSER_EMAIL: SUPERUSER.email, PB_SUPERUSER_PASSWORD: SUPERUSER.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  doctor.stdout.on('data', (c) => (said += c));
  const code = await new Promise((r) => doctor.on('exit', r));
  step(`npm run doctor (exit ${code})`);
  console.log(`\n${said.trim().replace(/^/gm, '    ')}`);
  console.log(
    `\nIn all: ${((performance.now() - began) / 1000).toFixed(1)} s from the checkout to a doctor that ${code === 0 ? 'passes' : 'FAILS'}.`,
  );
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(workDir, { recursive: true, force: true });
}
