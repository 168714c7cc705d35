// Release emails for anyone: a visitor with no account subscribes on the changelog, confirms from the email,
// gets the next release in their language, and unsubscribes in one click (as a mail provider does it).
import type PocketBase from 'pocketbase';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn, unique } from '../staff-helpers';

type Message = { to: string; subject: string; text: string; headers: Record<string, string> };

/** Every message the catcher holds for `to` (with headers, which the fixture's Email type leaves out). */
async function inbox(to: string): Promise<Message[]> {
  const messages = (await (await fetch(`${process.env.E2E_MAIL_URL}/api/messages`)).json()) as Message[];
  return messages.filter((m) => m.to.includes(to));
}

/** The link in `text` under `path`, pointed at the site under test. */
function linkIn(text: string, path: string, baseURL: string): string {
  const found = text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))?.[0] ?? '';
  const url = new URL(found);
  return `${baseURL}${url.pathname}${url.search}`;
}

async function publishRelease(admin: PocketBase, title: string) {
  const slug = unique('release')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const entry = await admin
    .collection('changelog_entries')
    .create({ title, slug, body: 'Dark mode for every page.', state: 'published' });
  await expect
    .poll(async () => (await admin.collection('changelog_mailings').getFirstListItem(`entry = "${entry.id}"`)).status, {
      timeout: 30_000,
    })
    .toBe('done');
  return entry;
}

test('a visitor subscribes to the changelog, confirms from the email, gets the next release in their language, and unsubscribes in one click', async ({
  browser,
  baseURL,
  admin,
  mail,
  playwright,
}) => {
  const site = baseURL as string;
  const email = `${unique('reader')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}@example.com`;
  const context = await browser.newContext();
  await context.addCookies([{ name: 'chorus_lang', value: 'de', url: site }]);
  const page = await context.newPage();

  await page.goto('/changelog');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByText('Sieh in dein Postfach')).toBeVisible();

  const confirmation = await mail.waitFor(email, /Bestätige/);
  await page.goto(linkIn(confirmation.text, '/changelog-emails/confirm', site));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByText('Du hast abonniert')).toBeVisible();

  const title = unique('Dunkler Modus');
  await publishRelease(admin, title);
  const release = await mail.waitFor(email, new RegExp(title));
  expect(release.subject).toMatch(/^Neu bei .+: /);
  expect(release.text).toContain('Release lesen');
  const [received] = (await inbox(email)).filter((m) => m.subject.includes(title));
  const oneClick = received?.headers['list-unsubscribe']?.replace(/^<|>$/g, '') ?? '';
  expect(oneClick).toContain('/changelog-emails/unsubscribe?token=');
  expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // The mailbox provider's unsubscribe button: one POST, no cookies, no sign-in, no Origin.
  const provider = await playwright.request.newContext();
  const url = new URL(oneClick);
  const answer = await provider.post(`${site}${url.pathname}${url.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(answer.status()).toBe(200);
  await provider.dispose();

  const later = unique('Nächstes Release');
  await publishRelease(admin, later);
  expect((await inbox(email)).filter((m) => m.subject.includes(later))).toHaveLength(0);
  // The link in the email now says it no longer works.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Abbestellen' }).click();
  await expect(page.getByText('nicht mehr gültig')).toBeVisible();
  await context.close();
});

test('a visitor who mistypes their address sees why and keeps what they typed; the unsubscribe page asks before acting; staff see only a count', async ({
  page,
  browser,
  baseURL,
  pbUrl,
  admin,
  mail,
}) => {
  // The form is the same for every visitor: the changelog stays cacheable; the answer page never is.
  const changelog = await page.goto('/changelog');
  expect(changelog?.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  await page.getByLabel('Email address').fill('someone@localhost');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  expect((await page.request.get('/changelog-emails')).headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByLabel('Email address')).toHaveValue('someone@localhost');
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

  const email = `${unique('clicker')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}@example.com`;
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  const confirmation = await mail.waitFor(email, /Confirm/);
  await page.goto(linkIn(confirmation.text, '/changelog-emails/confirm', baseURL as string));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You are subscribed')).toBeVisible();

  const title = unique('Offline mode');
  await publishRelease(admin, title);
  const release = await mail.waitFor(email, new RegExp(title));
  await page.goto(linkIn(release.text, '/changelog-emails/unsubscribe', baseURL as string));
  const row = () => admin.collection('changelog_subscribers').getFirstListItem(`email = "${email}"`);
  expect((await row()).unsubscribed).toBe(false); // opening the link changed nothing
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed')).toBeVisible();
  expect((await row()).unsubscribed).toBe(true);

  // Staff see how many addresses get release emails, never which.
  const staff = await browser.newContext();
  await signIn(staff, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const editor = await staff.newPage();
  await editor.goto('/admin/changelog');
  await expect(editor.getByTestId('changelog-subscriber-count')).toHaveText(/\d+ address(es)? gets? release emails/);
  await expect(editor.getByText(email)).toHaveCount(0);
  await staff.close();
});

test('the changelog with its form, and the release-email pages, have no axe violations', async ({ page }) => {
  test.setTimeout(150_000); // five axe runs on a machine shared with other tests
  for (const path of ['/changelog', '/changelog-emails/confirm?token=x', '/changelog-emails/unsubscribe?token=x']) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
  await page.goto('/changelog');
  await page.getByLabel('Email address').fill('not an address');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expectNoAxeViolations(page);
});
