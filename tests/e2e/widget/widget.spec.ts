// The embeddable widget on a team's own app (a real second origin): identified people post, vote and
// see votes arrive live; keyboard only; no axe violations; hostile host CSS changes nothing; only the
// admin's origins may frame the panel.
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE, PNG_1X1 } from '../ideas-helpers';
import { signIn, unique } from '../staff-helpers';
import { launcher, openPanel, openPanelSigningIn, startWidgetStory } from '../widget-support';

// Waiting for another worker's widget story to finish counts against the test's time.
test.describe.configure({ timeout: 150_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('a person identified by the app posts an idea with a screenshot, votes, and sees another browser’s vote live', async ({
  page,
  admin,
  baseURL,
  pbUrl,
  browser,
  createMember,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(`${host.origin}/?identify`);
    const frame = await openPanelSigningIn(page, host.person.name);

    const title = unique('Dark mode for the Acme dashboard');
    await frame.getByRole('button', { name: 'Share an idea' }).click();
    await frame.getByLabel('Title').fill(title);
    await frame.getByLabel('Details (Markdown)').fill('Posted from inside the app.');
    await frame.getByLabel(/^Images/).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await frame.getByRole('button', { name: 'Post idea' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(frame.getByRole('img', { name: /Image 1 of 1 attached/ })).toBeVisible();
    const post = await admin.collection('posts').getFirstListItem(admin.filter('title = {:title}', { title }));
    expect(post.images).toHaveLength(1);
    const author = await admin.collection('users').getOne(post.author);
    expect(author).toMatchObject({ email: host.person.email, external_id: host.person.sub, role: 'member' });

    await expect(frame.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await expect(frame.locator('.toaster[data-live="ready"]')).toHaveCount(1);
    // The author's own vote counts from the start (site.author_votes, on by default); they take it back and
    // give it again.
    const vote = frame.getByTestId('vote-button');
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(frame.getByTestId('vote-count')).toHaveText('1');
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await admin.collection('posts').getOne(post.id)).vote_count).toBe(0);
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(frame.getByTestId('vote-count')).toHaveText('1');
    await expect.poll(async () => (await admin.collection('posts').getOne(post.id)).vote_count).toBe(1);

    const other = await createMember();
    const context = await browser.newContext();
    await signIn(context, baseURL ?? '', pbUrl, other.email, other.password);
    const otherPage = await context.newPage();
    await otherPage.goto(`/p/${post.id}`);
    await expect(otherPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await otherPage.getByTestId('vote-button').click();
    await expect(frame.getByTestId('vote-count')).toHaveText('2');
    await context.close();
  } finally {
    await host.stop();
  }
});

/** The first idea's vote button in the panel, and that idea's id (other stories vote too: find it by id). */
async function firstIdeaVote(frame: FrameLocator) {
  const action = await frame.locator('form.vote-form').first().getAttribute('action');
  const postId = /^\/p\/([a-z0-9]+)\/vote$/.exec(action ?? '')?.[1] ?? '';
  expect(postId).not.toBe('');
  return { postId, vote: frame.locator(`form[action="/p/${postId}/vote"]`).getByTestId('vote-button') };
}

/** How many votes this person has on this idea (the vote is cast once, not toggled back). */
async function votesOf(admin: PocketBase, userId: string, postId: string): Promise<number> {
  const votes = await admin.collection('votes').getFullList({ filter: `user = "${userId}" && post = "${postId}"` });
  return votes.length;
}

test('a signed-out person votes in the widget, the host signs them in, and the vote counts without finding the idea again', async ({
  page,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(host.origin);
    let frame = await openPanel(page);
    const { postId, vote } = await firstIdeaVote(frame);
    await vote.click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // The team's app signs the person in while the panel shows the sign-in form.
    await page.evaluate(async () => {
      const token = await (await fetch('/token')).text();
      (window as unknown as { Chorus: { identify(token: string): void } }).Chorus.identify(token);
    });
    await expect(frame.getByTestId('embed-user')).toHaveText(`Signed in as ${host.person.name}`);
    await expect(frame.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    const person = await admin.collection('users').getFirstListItem(`email = "${host.person.email}"`);
    await expect.poll(() => votesOf(admin, person.id, postId)).toBe(1);

    // Once: coming back later neither casts it again nor takes it back.
    await page.goto(`${host.origin}/?identify`);
    frame = await openPanel(page);
    await expect(frame.getByTestId('embed-user')).toBeVisible();
    await expect(frame.locator(`form[action="/p/${postId}/vote"]`).getByTestId('vote-button')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await votesOf(admin, person.id, postId)).toBe(1);
  } finally {
    await host.stop();
  }
});

test('a signed-out person votes in the widget, signs in with a password inside the panel, and the vote counts', async ({
  page,
  admin,
  baseURL,
  createMember,
}) => {
  const member = await createMember();
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(host.origin);
    const frame = await openPanel(page);
    const { postId, vote } = await firstIdeaVote(frame);
    await vote.click();
    await frame.getByLabel('Email').fill(member.email);
    await frame.getByLabel('Password', { exact: true }).fill(member.password);
    await frame.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(frame.getByTestId('embed-user')).toHaveText(`Signed in as ${member.name}`);
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => votesOf(admin, member.id, postId)).toBe(1);
  } finally {
    await host.stop();
  }
});

test('at phone width the panel’s “Signed in as …” header stays on one line, the full name in its title', async ({
  page,
  admin,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(`${host.origin}/?identify`);
    const frame = await openPanelSigningIn(page, host.person.name);
    const user = frame.getByTestId('embed-user');
    const closeButton = frame.getByRole('button', { name: 'Close feedback panel' });
    await expect(closeButton).toBeVisible();
    // Measured inside the panel's own document: Playwright's boundingBox() of an element in the frame read the close
    // button as 0 px tall once in a loaded run (the frame's box on the host page), and the header looked too tall.
    const heightOf = (locator: typeof user) => locator.evaluate((element) => element.getBoundingClientRect().height);
    const close = await heightOf(closeButton);
    const header = await heightOf(frame.locator('.embed-header'));
    const height = await heightOf(user);
    const fontSize = await user.evaluate((span) => Number.parseFloat(getComputedStyle(span).fontSize));
    // One line of the small text, in a header one row (the close button's) and its padding tall.
    expect(close).toBeGreaterThan(fontSize);
    expect(height).toBeLessThan(fontSize * 2);
    expect(header).toBeLessThan(close + 20);
    // The whole sentence stays available: its text for screen readers, its title on hover.
    await expect(user).toHaveAttribute('title', `Signed in as ${host.person.name}`);
  } finally {
    await host.stop();
  }
});

test('the widget works with the keyboard alone: open, move through the panel, vote, close with Escape', async ({
  page,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(`${host.origin}/?identify`);
    await page.keyboard.press('Tab');
    await expect(launcher(page)).toBeFocused();
    const frame = await openPanelSigningIn(page, host.person.name, async () => {
      await page.keyboard.press('Enter');
      await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
    });
    await expect(frame.locator(NOT_INTERACTIVE)).toHaveCount(0);
    const firstVote = frame.getByTestId('vote-button').first();
    const before = Number(await firstVote.getByTestId('vote-count').textContent());
    for (let i = 0; i < 40 && !(await firstVote.evaluate((b) => b === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(firstVote).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(firstVote).toHaveAttribute('aria-pressed', 'true');
    await expect(firstVote.getByTestId('vote-count')).toHaveText(String(before + 1));
    await page.keyboard.press('Escape');
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(launcher(page)).toBeFocused();
  } finally {
    await host.stop();
  }
});

test('the panel has no axe violations: ideas, an idea, and what’s new', async ({ page, admin, baseURL }) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto(host.origin);
    const frame = await openPanel(page);
    const check = async () => {
      await expect(frame.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page }).include('[data-chorus-widget]').withTags(TAGS).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    };
    await check();
    await frame.locator('.post-card-title a').first().click();
    await expect(frame.locator('article.post')).toBeVisible();
    await check();
    await frame.getByRole('link', { name: /What’s new/ }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'What’s new' })).toBeVisible();
    await check();
  } finally {
    await host.stop();
  }
});

test('the host page’s aggressive CSS changes neither the launcher nor the panel', async ({ page, admin, baseURL }) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const measure = async (url: string) => {
      await page.goto(url);
      const frame = await openPanel(page);
      const heading = frame.getByRole('heading', { level: 1 });
      // The launcher's own box, less its width: a new-releases badge may join it between two loads (other tests
      // publish releases), which is not the host's CSS at work. Its label's size is measured.
      const box = await launcher(page).boundingBox();
      return {
        launcher: box && { right: box.x + box.width, y: box.y, height: box.height },
        label: await launcher(page)
          .locator('span')
          .first()
          .evaluate((span) => ({
            width: (span as HTMLElement).offsetWidth,
            height: (span as HTMLElement).offsetHeight,
          })),
        frame: await page.locator('[data-chorus-widget] iframe').boundingBox(),
        headingFont: await heading.evaluate((h) => getComputedStyle(h).font),
        headingBox: await heading.boundingBox(),
        launcherFont: await launcher(page).evaluate((b) => getComputedStyle(b).font),
      };
    };
    const plain = await measure(host.origin);
    const hostile = await measure(`${host.origin}/?hostile`);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('80px');
    expect(hostile).toEqual(plain);
    expect(plain.launcherFont).toContain('15px');
  } finally {
    await host.stop();
  }
});

test('only the admin’s origins may frame the panel, and no other page may be framed at all', async ({
  admin,
  baseURL,
  request,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const embed = await request.get('/embed/b/features');
    expect(embed.headers()['content-security-policy']).toContain(`frame-ancestors ${host.origin}`);
    expect(embed.headers()['x-frame-options']).toBeUndefined();
    const home = await request.get('/');
    expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home.headers()['x-frame-options']).toBe('DENY');

    // The loader's question before it shows the panel: the same list, readable from any page.
    const allowed = await request.get(`/embed/allowed.json?origin=${encodeURIComponent(host.origin)}`);
    expect(allowed.headers()['access-control-allow-origin']).toBe('*');
    expect(await allowed.json()).toEqual({ allowed: true });
    const other = await request.get(`/embed/allowed.json?origin=${encodeURIComponent(host.otherOrigin)}`);
    expect(await other.json()).toEqual({ allowed: false });
  } finally {
    await host.stop();
  }
});

test('a site left off the widget’s list shows visitors a plain notice, never a broken frame, and tells its team in the console which origin to add where', async ({
  page,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(host.otherOrigin);
    await launcher(page).click();
    const notice = page.locator('[data-chorus-widget]').getByText('Feedback is unavailable here.');
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(page.locator('[data-chorus-widget] iframe')).toHaveCount(0);
    expect(page.frames().map((f) => f.url())).not.toContain('chrome-error://chromewebdata/');
    await expect.poll(() => warnings.join('\n')).toContain(`origin ${host.otherOrigin} is not allowed`);
    expect(warnings.join('\n')).toContain(`at ${baseURL}/admin/widget`);

    // The same app on its allowed origin gets the panel.
    await page.goto(host.origin);
    await openPanel(page);
  } finally {
    await host.stop();
  }
});
