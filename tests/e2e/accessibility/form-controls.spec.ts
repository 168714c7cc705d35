// No control shadows its form (tests/e2e/accessibility/shadowing.ts), seen by the two actors the every-page sweep
// does not sign in as: a signed-out visitor on the public pages and a moderator on the staff pages (the sweep
// checks every page as a member and as an admin, in every combination it draws).
import { expect, test } from '../fixtures';
import { isStaffRoute, routeFiles, urlWith } from '../routes';
import { createIdea, signIn } from '../staff-helpers';
import { shadowingControls } from './shadowing';

const ROUTES = routeFiles();

test('no page a visitor or a moderator opens has a form control named after one of the form’s own properties', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  test.setTimeout(300_000);
  const member = await createMember({ name: 'Form Checker' });
  const moderator = await createMember({ name: 'Form Moderator', role: 'moderator' });
  const idea = await createIdea(admin, member.id, 'An idea whose pages are checked for shadowing controls');
  const release = await admin
    .collection('changelog_entries')
    .getFirstListItem('state = "published"', { sort: '-published_at' });
  const records = { board: 'features', idea: idea.id, member: member.id, release: release.slug };

  const findings: string[] = [];
  const visitors = [
    { who: 'a visitor', account: null, routes: ROUTES.filter((r) => !isStaffRoute(r)) },
    { who: 'a moderator', account: moderator, routes: ROUTES.filter(isStaffRoute) },
  ];
  for (const { who, account, routes } of visitors) {
    const context = await browser.newContext({ baseURL: baseURL as string });
    if (account) await signIn(context, baseURL as string, pbUrl, account.email, account.password);
    const page = await context.newPage();
    for (const route of routes) {
      const url = urlWith(route, records);
      // A route that sends the browser to another site (/sso to the team's sign-in page, once another spec has
      // set one up) has no form of ours to check.
      const reached = await page.goto(url).then(
        () => new URL(page.url()).origin === new URL(baseURL as string).origin,
        () => false,
      );
      if (!reached) continue;
      // Islands render some forms only once hydrated.
      await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
      // Not vacuous: the moderator really sees the staff pages' forms (segments had `id` and `action` controls).
      if (account === moderator && route === 'admin/segments')
        await expect(page.locator('form').first()).toBeAttached();
      for (const finding of await shadowingControls(page)) findings.push(`${url} (${who}): ${finding}`);
    }
    await context.close();
  }
  expect(findings, 'controls that shadow their form’s own properties').toEqual([]);
});

test('the check names a control that shadows its form', async ({ page }) => {
  await page.goto('/signin');
  expect(await shadowingControls(page)).toEqual([]);
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.setAttribute('aria-label', 'Planted');
    form.innerHTML = '<input name="action">';
    document.querySelector('main')?.append(form);
  });
  expect(await shadowingControls(page)).toEqual(['<input name="action"> in the form "Planted"']);
});
