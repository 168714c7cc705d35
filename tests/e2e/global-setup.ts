// Starts one Chorus stack for the end-to-end run: the built site in workerd, a real PocketBase
// on a temp folder, and a mail catcher, all on free ports. Tests find them through E2E_* variables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../tools/lib/ports.mjs';
import { startStack } from '../../tools/lib/stack.mjs';
import { outboundAllowFile } from '../support/outbound-allow';

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-'));
  const [sitePort, pbPort, smtpPort, mailWebPort] = await freePorts(4);
  // A calibration run (issue 61) reads the first 120 labelled pairs, not all 817 (tests/e2e/ai/calibration.spec.ts).
  process.env.CHORUS_AI_CALIBRATION_PAIRS ??= '120';
  outboundAllowFile(); // PocketBase and the test workers inherit its name: receivers started later add themselves
  const stack = await startStack({
    dataDir,
    sitePort,
    pbPort,
    smtpPort,
    mailWebPort,
    build: 'if-missing',
    fromTemplate: true,
  });
  Object.assign(process.env, {
    E2E_SITE_URL: stack.siteUrl,
    E2E_PB_URL: stack.pbUrl,
    E2E_MAIL_URL: stack.mail?.webUrl,
    E2E_SUPERUSER_EMAIL: stack.superuser?.email,
    E2E_SUPERUSER_PASSWORD: stack.superuser?.password,
    E2E_DEMO_PASSWORD: stack.demoPassword,
    E2E_EDGE_PURGE_SECRET: stack.edgePurgeSecret,
    // Test clients name an address of their own as the site names its visitors' (tests/e2e/own-address.ts).
    E2E_PROXY_SECRET: stack.proxySecret,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
