// A plain member's pages come from the member audience's cached copy (issue 59), which knows no person: in a browser
// they still show the member's own state once the islands load (their vote, follow and bell from the session's one
// refresh), never a visitor's in the meantime (no "Sign in" in the header, vote buttons busy until the member's votes
// are known), and the author's edit link to its author alone;
// without JavaScript the copy says what it cannot show, and its sign-in links bring a member back to their own page.
import { expect, test } from '../fixtures';
import { createIdea, openPage, signInContext } from '../ideas-helpers';

test("a member's cached page shows their own vote and menu, and never a visitor's sign-in meanwhile", async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const [author, member] = [await createMember(), await createMember({ name: 'Audrey Audience' })];
  const id = await createIdea(admin, { author: author.id, title: 'Cached for every member alike' });
  await admin.collection('votes').create({ post: id, user: member.id });
  await admin.collection('notifications').create({ user: member.id, kind: 'status', post: id });
  await signInContext(context, pbUrl, baseURL as string, member);
  // What the page shows from its first paint: sampled on every frame until the islands are done.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const sample = () => {
      for (const link of document.querySelectorAll<HTMLElement>('.auth-actions a')) {
        if (link.checkVisibility({ visibilityProperty: true })) seen.push(`sign-in link: ${link.textContent}`);
      }
      for (const button of document.querySelectorAll<HTMLElement>('[data-post] .vote-button')) {
        const busy = button.getAttribute('aria-busy');
        const state = busy === 'false' ? 'known' : busy === 'true' ? 'busy' : 'plain';
        seen.push(`vote ${state} ${button.getAttribute('aria-pressed')}`);
      }
      requestAnimationFrame(sample);
    };
    document.addEventListener('DOMContentLoaded', sample);
  });
  const first = await page.goto(`/p/${id}`);
  expect(first?.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  // What her browser asks PocketBase for of hers as the page loads: the session's one refresh brings her vote,
  // follow and bell (src/stores/own-state.ts); nothing of hers is read apart.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(pbUrl).origin) asked.push(`${request.method()} ${url.pathname}`);
  });
  await openPage(page, `${baseURL}/p/${id}`);
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.account-menu summary')).toContainText('Audrey Audience');
  await expect(page.getByTestId('follow-button')).toHaveText('Following');
  await expect(page.getByTestId('bell-count')).toHaveText('1');
  expect(asked.filter((request) => request.includes('/auth-refresh'))).toHaveLength(1);
  expect(asked.filter((request) => /\/collections\/(votes|subscriptions|notifications)\//.test(request))).toEqual([]);
  // The author's edit link is theirs alone; a member who is not the author may report the idea.
  await expect(page.getByRole('link', { name: 'Edit your idea' })).toBeHidden();
  await expect(page.getByTestId('report-idea')).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.filter((s) => s.startsWith('sign-in link'))).toEqual([]);
  // Never shown as not voted: busy until known, then theirs.
  expect(seen.filter((s) => s === 'vote known false' || s === 'vote plain false')).toEqual([]);
  expect(seen).toContain('vote known true');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("a member on the audience's copy is told what it cannot show, and its sign-in link brings them back to follow", async ({
    page,
    context,
    pbUrl,
    baseURL,
    admin,
    createMember,
  }) => {
    const [author, member] = [await createMember(), await createMember()];
    const id = await createIdea(admin, { author: author.id, title: 'Followed without JavaScript' });
    await signInContext(context, pbUrl, baseURL as string, member);
    await page.goto(`/p/${id}`);
    await expect(page.getByRole('note')).toContainText(
      'This page does not show your own votes, follows or notifications.',
    );
    await page.getByRole('link', { name: 'Sign in to follow' }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${id}$`));
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveText('Following');
  });
});

test('the headers the Worker hands its own render cannot be sent from outside', async ({ request }) => {
  // A forged session (an admin named Mallory) and a forged audience.
  const forged = JSON.stringify({
    token: 'x.y.z',
    record: { id: 'mallory00000000', collectionName: 'users', name: 'Mallory Forged', role: 'admin', verified: true },
    shellVersion: null,
    audience: '',
  });
  // Each alone: a cached page strips them on its way to the cache; the pages rendered per person must too.
  // A cookie that is no sign-in takes the page past the cache, to the render made for one person.
  const cookie = 'pb_auth=not-a-session';
  const forgedHeaders = [
    { 'x-chorus-verified-session': forged },
    { 'x-chorus-audience': 'member' },
    // A shell version of the sender's choosing (which would name what a render kept under it).
    { 'x-chorus-audience': 'member', 'x-chorus-shell-version': 'ForgedVersion0000000' },
  ];
  for (const forgedHeader of forgedHeaders) {
    for (const path of ['/', '/b/features', '/settings']) {
      const headers = { ...forgedHeader, cookie };
      const answer = await request.get(path, { headers, maxRedirects: 0 });
      const html = await answer.text();
      expect(html, path).not.toContain('Mallory Forged');
      expect(html, path).not.toContain("dataset.session=''");
      expect(html, path).not.toContain('class="account-menu"');
    }
  }
});
