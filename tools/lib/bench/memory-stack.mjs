// The stack the memory bench measures (tools/bench/memory.mjs), in a process of its own as `npm start` runs it:
// a mail catcher with its inbox, the inbound SMTP listener, the AI and Turnstile stand-ins, PocketBase with the
// demo seeded, and the built Worker in workerd behind the local edge (with `--before`, `astro preview` instead),
// on free ports and a temp folder. Prints one JSON line once it is up, and stops on SIGTERM.
import '../require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../ports.mjs';
import { startStack } from '../stack.mjs';
import { spawnPreviewWorker } from './preview-worker.mjs';

const before = process.argv.includes('--before');
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-memory-'));
const [sitePort, pbPort, smtpPort, mailWebPort, inboundSmtpPort] = await freePorts(5);
const stack = await startStack({
  dataDir,
  sitePort,
  pbPort,
  smtpPort,
  mailWebPort,
  inboundSmtpPort,
  build: 'if-missing',
  ...(before && { runWorker: spawnPreviewWorker }),
});
const stop = async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const { siteUrl, pbUrl, proxySecret, superuser, demoPassword } = stack;
console.log(JSON.stringify({ siteUrl, pbUrl, proxySecret, superuser, demoPassword }));
