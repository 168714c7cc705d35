// The stack `npm start` gives, as a newcomer meets it: it prints http://localhost:<port> and PocketBase's
// Application URL is that address, so a passkey added in /settings signs the member back in (Chromium's virtual
// authenticator); a bookmark of the IP address is sent to that address; a passkey ceremony from another origin
// is refused with a message naming the site's address and where to set it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { npmStart } from '../../support/npm-start';
import { expect, test } from '../fixtures';

const DEMO_PASSWORD = 'a-newcomer-demo-password';

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
}

test('on the stack npm start gives, a passkey added in settings signs the member back in; the IP address redirects there; another origin is refused naming it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-npm-start-'));
  // Backups off: not this test's concern (and Litestream may still need building on a fresh machine).
  const started = await npmStart(dataDir, { CHORUS_DEMO_PASSWORD: DEMO_PASSWORD, CHORUS_REPLICA_DIR: 'off' });
  try {
    await started.waitFor('Press Ctrl-C to stop.');
    const site = `http://localhost:${started.ports.site}`;
    const ip = `http://127.0.0.1:${started.ports.site}`;
    expect(started.output()).toContain(`Chorus is running:  ${site}\n`);
    const operator = started.output().match(/operator:\s+(\S+) \/ (\S+)/);
    const admin = await connectAsSuperuser(started.pbUrl, {
      email: operator?.[1] ?? '',
      password: operator?.[2] ?? '',
    });
    expect((await admin.settings.getAll()).meta.appURL).toBe(site);

    // A bookmark of the old address: the same page at the site's address.
    const bookmark = await fetch(`${ip}/b/features?sort=new`, { redirect: 'manual' });
    expect(bookmark.status).toBe(301);
    expect(bookmark.headers.get('location')).toBe(`${site}/b/features?sort=new`);

    // A passkey ceremony whose page is on another origin: refused, naming the site's address and where it is set.
    const foreign = await fetch(`${site}/passkeys/signin-options.json`, {
      method: 'POST',
      headers: { origin: ip, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    const refusal = (await foreign.json()) as { code: string; message: string };
    expect(refusal.code).toBe('wrongOrigin');
    expect(refusal.message).toContain(site);
    expect(refusal.message).toContain(ip);
    expect(refusal.message).toContain('Application URL');

    const context = await browser.newContext({ baseURL: site });
    const page = await context.newPage();
    // The IP address in the browser lands on the site's address.
    await page.goto(`${ip}/roadmap`);
    await expect(page).toHaveURL(`${site}/roadmap`);

    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await open(page, '/signin');
    await page.getByLabel('Email', { exact: true }).fill('member@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${site}/`);

    await open(page, '/settings');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByLabel('Passkey label').fill('Newcomer’s laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByRole('listitem').filter({ hasText: 'Newcomer’s laptop' })).toBeVisible();

    const banner = page.getByRole('banner');
    await banner.getByText('Priya Shah', { exact: true }).click();
    await banner.getByRole('button', { name: 'Sign out' }).click();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await open(page, '/signin');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(banner.getByText('Priya Shah', { exact: true })).toBeVisible();
    await context.close();
  } finally {
    started.interrupt();
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
