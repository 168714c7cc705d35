// "What's new": the header and the widget count the releases a person has not seen, live when one is
// published; opening the changelog clears the count (per browser for visitors, per member on the server).
import { expect, test } from '../fixtures';
import { openPage } from '../ideas-helpers';
import { signIn } from '../staff-helpers';
import { launcher, openPanel, startWidgetStory } from '../widget-support';

// Waiting for another worker's widget story to finish counts against the test's time.
test.describe.configure({ timeout: 150_000 });

let releases = 0;
async function publishRelease(admin: import('pocketbase').default): Promise<void> {
  releases += 1;
  const slug = `whats-new-${Date.now().toString(36)}-${releases}`;
  await admin
    .collection('changelog_entries')
    .create({ title: `Release ${slug}`, slug, state: 'published', body: 'New.' });
}

/** The badge's number; "9+" (ten or more) reads as 10, the most the tests expect. */
async function count(badge: import('@playwright/test').Locator): Promise<number> {
  if ((await badge.count()) === 0) return 0;
  const text = String(await badge.locator('[aria-hidden]').textContent());
  return text.endsWith('+') ? 10 : Number(text);
}

/** How many releases were published after `seen` (a PocketBase date), as the badge would count them. */
async function publishedSince(admin: import('pocketbase').default, seen: string): Promise<number> {
  const filter = admin.filter('state = "published" && published_at > {:seen}', { seen });
  return Math.min((await admin.collection('changelog_entries').getList(1, 1, { filter })).totalItems, 10);
}

test('a visitor’s header badge counts a new release live, and the changelog clears it', async ({ page, admin }) => {
  // Other stories publish releases too: start from a browser that has seen them all.
  await openPage(page, '/changelog');
  await openPage(page, '/b/features');
  await expect(page.locator('.toaster[data-live="ready"]')).toHaveCount(1);
  const badge = page.getByRole('banner').getByTestId('whats-new-badge');
  await page.waitForTimeout(500);
  const before = await count(badge);
  await publishRelease(admin);
  // At least this one (a story running beside this one may publish its own meanwhile).
  await expect.poll(() => count(badge)).toBeGreaterThanOrEqual(Math.min(before + 1, 10));
  await expect(page.getByRole('link', { name: /^Changelog\s*,\s*\d+ new releases?$/ })).toBeVisible();
  const beforeLook = new Date().toISOString();
  await openPage(page, '/changelog');
  // The look the browser keeps (its own clock, when the changelog's badge marked the releases seen): the badge counts
  // from it. A clock read here instead let a release another story published between the two be counted by the badge
  // and not by the test (one loaded run failed so).
  const looked = () => page.evaluate(() => localStorage.getItem('chorus:releases-seen-at') ?? '');
  await expect.poll(async () => (await looked()) >= beforeLook).toBe(true);
  const seen = (await looked()).replace('T', ' ');
  // Cleared: on the changelog itself the badge shows nothing, whatever other stories publish meanwhile (comparing it
  // with what they published since the look failed once two of them did while this page was open).
  await expect.poll(() => count(badge)).toBe(0);
  // Elsewhere it counts only what other stories published after the look (usually none).
  await openPage(page, '/b/features');
  await page.waitForTimeout(500);
  await expect.poll(async () => (await count(badge)) - (await publishedSince(admin, seen))).toBe(0);
});

test('a member’s last look is kept on the server: another browser shows no badge after the changelog', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  for (const step of ['read the changelog', 'check from another browser']) {
    const context = await browser.newContext();
    await signIn(context, baseURL ?? '', pbUrl, member.email, member.password);
    const page = await context.newPage();
    await openPage(page, step === 'read the changelog' ? '/changelog' : '/b/features');
    await page.waitForTimeout(1000);
    const badge = page.getByRole('banner').getByTestId('whats-new-badge');
    if (step === 'read the changelog') {
      await expect(badge, step).toHaveCount(0);
    } else {
      // Only what other stories published since the look the server kept counts (usually none).
      const look = await admin
        .collection('release_reads')
        .getFirstListItem(admin.filter('user = {:user}', { user: member.id }));
      await expect.poll(async () => (await count(badge)) - (await publishedSince(admin, look.seen_at)), step).toBe(0);
    }
    await context.close();
  }
});

test('the widget’s tab and launcher count a new release live', async ({ page, admin, baseURL }) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(host.origin);
    const frame = await openPanel(page);
    await expect(frame.locator('.toaster[data-live="ready"]')).toHaveCount(1);
    const tabBadge = frame.getByTestId('whats-new-badge');
    await page.waitForTimeout(500);
    const before = await count(tabBadge);
    await publishRelease(admin);
    await expect.poll(() => count(tabBadge)).toBe(Math.min(before + 1, 10));
    await expect(launcher(page)).toContainText(String(Math.min(before + 1, 10)).replace('10', '9+'));
    await frame.getByRole('link', { name: /What’s new/ }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'What’s new' })).toBeVisible();
    await expect(tabBadge).toHaveCount(0);
    await expect(launcher(page)).toHaveText('Feedback');
  } finally {
    await host.stop();
  }
});

test('the app opens the composer prefilled through the JavaScript API', async ({ page, admin, baseURL }) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(host.origin);
    await page.waitForFunction(() => 'open' in ((window as unknown as { Chorus?: object }).Chorus ?? {}));
    await page.evaluate(() =>
      (window as unknown as { Chorus: { openComposer(d: object): void } }).Chorus.openComposer({
        title: 'Export to PDF',
        body: 'From the report screen.',
      }),
    );
    const frame = page.frameLocator('[data-chorus-widget] iframe');
    await expect(frame.getByLabel('Title')).toHaveValue('Export to PDF');
    await expect(frame.getByLabel('Details (Markdown)')).toHaveValue('From the report screen.');
  } finally {
    await host.stop();
  }
});
