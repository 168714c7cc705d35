// Releases close the loop: publishing tells the voters, and open pages hear about it.
import { expect, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('staff publish a release that shipped an idea: a voter watching the site sees a notice, gets a notification and an email, and the idea is Done', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
  mail,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const title = unique('Export notes as Markdown');
  const idea = await createIdea(admin, author.id, title);
  const voterClient = await clientFor(pbUrl, voter.email, voter.password);
  await voterClient.collection('votes').create({ post: idea.id, user: voter.id });

  const voterContext = await browser.newContext();
  await signIn(voterContext, baseURL as string, pbUrl, voter.email, voter.password);
  const voterPage = await voterContext.newPage();
  await voterPage.goto('/roadmap');
  await expect(voterPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  // Hydrated is not yet listening: on a loaded machine the edge's acknowledgement can come after the release.
  await expect(voterPage.locator('[data-roadmap-live]')).toHaveAttribute('data-live', 'ready', { timeout: 15_000 });

  const staffContext = await browser.newContext();
  await signIn(staffContext, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const editor = await staffContext.newPage();
  await editor.goto('/admin/changelog');
  await expect(editor.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const release = unique('Markdown export');
  await editor.getByLabel('Title').fill(release);
  await editor.getByLabel('What changed (Markdown)').fill('You can now **export** any note as Markdown.');
  await editor.getByRole('checkbox', { name: 'new' }).check();
  await editor.getByLabel('Search ideas to link').fill(title);
  await editor.getByRole('button', { name: 'Search ideas' }).click();
  await editor.getByRole('button', { name: `Link ${title}` }).click();
  await expect(editor.getByTestId('linked-ideas')).toContainText(title);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'published' })).toBeVisible();

  // Another story's release may be announced beside it (each release has its own notice).
  const toast = voterPage.getByTestId('release-toast').filter({ hasText: release });
  await expect(toast).toBeVisible();
  // The notices sit at the bottom of the window, clear of the header and its buttons.
  const toastBox = await toast.boundingBox();
  const stackBox = await voterPage.locator('.release-toast-region').boundingBox();
  const headerBox = await voterPage.locator('.site-header').boundingBox();
  const viewport = voterPage.viewportSize();
  expect(toastBox && stackBox && headerBox && viewport).toBeTruthy();
  if (toastBox && stackBox && headerBox && viewport) {
    expect(toastBox.y).toBeGreaterThan(headerBox.y + headerBox.height);
    expect(stackBox.y + stackBox.height).toBeGreaterThan(viewport.height - 80);
  }
  await expect(voterPage.getByTestId('bell-count')).toHaveText(/[1-9]/);
  await toast.getByRole('link').click();
  await expect(voterPage.getByRole('heading', { level: 1, name: release })).toBeVisible();
  await expect(voterPage.getByRole('region', { name: 'Ideas shipped in this release' })).toContainText(title);
  const email = await mail.waitFor(voter.email);
  expect(email.text).toContain('unsubscribe');

  await voterPage.goto(`/p/${idea.id}`);
  await expect(voterPage.getByTestId('post-status')).toHaveText('Done');
  const feed = await voterPage.request.get('/changelog/feed.xml');
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  expect(await feed.text()).toContain(`<title>${release}</title>`);
  await voterContext.close();
  await staffContext.close();
});

test('a feed reader gets a well-formed Atom feed with everything RFC 4287 requires', async ({ page, request }) => {
  const xml = await (await request.get('/changelog/feed.xml')).text();
  await page.goto('/changelog');
  const problems = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) return ['not well-formed XML'];
    const found: string[] = [];
    const feed = doc.documentElement;
    if (feed.localName !== 'feed' || feed.namespaceURI !== 'http://www.w3.org/2005/Atom') found.push('root');
    const child = (parent: Element, name: string) => [...parent.children].find((c) => c.localName === name);
    for (const name of ['id', 'title', 'updated', 'author']) if (!child(feed, name)) found.push(`feed ${name}`);
    const entries = [...feed.children].filter((c) => c.localName === 'entry');
    if (entries.length === 0) found.push('no entries');
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated']) if (!child(entry, name)) found.push(`entry ${name}`);
      if (!child(entry, 'content') && !child(entry, 'link')) found.push('entry content or link');
      const updated = child(entry, 'updated')?.textContent ?? '';
      if (Number.isNaN(Date.parse(updated))) found.push(`entry date ${updated}`);
    }
    return found;
  }, xml);
  expect(problems).toEqual([]);
});
