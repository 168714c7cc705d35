// Passkeys as a person meets them, in Chromium with its virtual authenticator (CDP WebAuthn). A WebAuthn relying
// party must be a domain name, never an IP address, so these run on a stack of their own whose site address
// (PocketBase's Application URL) is http://localhost:<port>.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { expect, test } from '../fixtures';
import { type OwnStack, withOwnStack } from '../own-stack';
import { signIn } from '../staff-helpers';

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
}

/** A virtual platform authenticator (resident keys, user verification) in this page's browser context. */
async function authenticatorIn(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** The stack's site at http://localhost:<port>, PocketBase told so (the passkeys' relying party). */
async function onLocalhost(stack: OwnStack): Promise<string> {
  const site = stack.siteUrl.replace('127.0.0.1', 'localhost');
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  await admin.settings.update({ meta: { appURL: site } });
  return site;
}

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

test('a member signs up with a passkey and signs in with it in a new browser', async ({ browser }) => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const site = await onLocalhost(stack);
    const email = `passkey-${Date.now().toString(36)}@example.com`;
    const first = await browser.newContext({ baseURL: site });
    const page = await first.newPage();
    const authenticator = await authenticatorIn(first, page);

    await open(page, '/signup');
    // Bad input: no email, no account and no code.
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByRole('button', { name: 'Sign up with a passkey' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sign up with a passkey' }).click();
    const inbox = stack.mail;
    if (!inbox) throw new Error('the stack has no mail catcher');
    const message = await inbox.waitFor((m: { to: string; subject: string }) => m.to.includes(email));
    await page.getByLabel('Code', { exact: true }).fill(codeIn(message.text));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Create your passkey' })).toBeVisible();
    await page.getByLabel('Passkey label').fill('Grace’s laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(page.getByRole('banner').getByText('Grace Hopper', { exact: true })).toBeVisible();
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.id,
    });
    expect(credentials).toHaveLength(1);
    await first.close();

    // Another browser: nothing signed in, the same passkey (exported from the first authenticator).
    const second = await browser.newContext({ baseURL: site });
    const page2 = await second.newPage();
    const other = await authenticatorIn(second, page2);
    await other.cdp.send('WebAuthn.addCredential', { authenticatorId: other.id, credential: credentials[0] as never });
    await open(page2, '/signin');
    await page2.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page2).toHaveURL(`${site}/`);
    await expect(page2.getByRole('banner').getByText('Grace Hopper', { exact: true })).toBeVisible();
    await second.close();
  });
});

test('a member adds, renames and removes a passkey in settings', async ({ browser }) => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const site = await onLocalhost(stack);
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const password = 'a-long-password-123';
    await admin.collection('users').create({
      email: 'keys@example.com',
      password,
      passwordConfirm: password,
      name: 'Katherine Johnson',
      verified: true,
    });
    const context = await browser.newContext({ baseURL: site });
    const page = await context.newPage();
    await authenticatorIn(context, page);
    await open(page, '/signin');
    await page.getByLabel('Email', { exact: true }).fill('keys@example.com');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${site}/`);

    await open(page, '/settings');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    await passkeys.getByLabel('Passkey label').fill('Work laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' })).toBeVisible();

    // Rename: an empty name is refused with a message, and the old name stays.
    await passkeys.getByRole('button', { name: 'Rename' }).click();
    const rename = passkeys.getByRole('form', { name: 'Rename' });
    await rename.getByLabel('Passkey label').fill('   ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByText('Give the passkey a name of at most 60 characters.').first()).toBeVisible();
    await rename.getByLabel('Passkey label').fill('Home desktop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(passkeys.getByRole('listitem').filter({ hasText: 'Home desktop' })).toBeVisible();

    // It survives a reload, then goes when removed.
    await open(page, '/settings');
    await expect(passkeys.getByRole('listitem').filter({ hasText: 'Home desktop' })).toBeVisible();
    // Asked first, in place and naming it; Cancel keeps it and gives focus back.
    await passkeys.getByRole('button', { name: 'Remove' }).click();
    const ask = passkeys.getByRole('group', {
      name: 'Remove the passkey “Home desktop”? You will no longer sign in with it.',
    });
    await expect(ask.getByRole('button', { name: 'Remove' })).toBeFocused();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(passkeys.getByRole('button', { name: 'Remove' })).toBeFocused();
    expect((await admin.collection('passkeys').getFullList()).length).toBe(1);
    await passkeys.getByRole('button', { name: 'Remove' }).click();
    await ask.getByRole('button', { name: 'Remove' }).click();
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    expect((await admin.collection('passkeys').getFullList()).length).toBe(0);
    await context.close();
  });
});

test('an admin requires staff to sign in with a passkey, and a moderator’s password is then refused', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const site = await onLocalhost(stack);
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const password = 'a-long-password-123';
    for (const [email, role] of [
      ['boss@example.com', 'admin'],
      ['mod@example.com', 'moderator'],
    ]) {
      await admin
        .collection('users')
        .create({ email, password, passwordConfirm: password, name: role, role, verified: true });
    }
    const context = await browser.newContext({ baseURL: site });
    const page = await context.newPage();
    await authenticatorIn(context, page);
    await signIn(context, site, String(stack.pbUrl), 'boss@example.com', password);

    // Without a passkey of their own, the admin cannot turn it on (nobody would be locked out by mistake).
    await open(page, '/admin/settings');
    const policy = page.getByRole('form', { name: 'Staff must sign in with a passkey' });
    await policy.getByLabel('Staff must sign in with a passkey').check();
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(policy.getByRole('alert')).toContainText('Add a passkey to your own account');

    await open(page, '/settings');
    await page.getByLabel('Passkey label').fill('Admin key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Admin key' })).toBeVisible();
    await open(page, '/admin/settings');
    await policy.getByLabel('Staff must sign in with a passkey').check();
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(policy.getByText('Saved.')).toBeVisible();
    await context.close();

    const moderator = await browser.newContext({ baseURL: site });
    const modPage = await moderator.newPage();
    await open(modPage, '/signin');
    await modPage.getByLabel('Email', { exact: true }).fill('mod@example.com');
    await modPage.getByLabel('Password', { exact: true }).fill(password);
    await modPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(modPage.getByRole('alert')).toContainText('Staff accounts sign in with a passkey on this site.');
    await moderator.close();
  });
});
