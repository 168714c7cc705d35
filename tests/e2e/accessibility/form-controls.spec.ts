// No control shadows its form: a control named (or with the id) `id`, `action`, `name`, `target`, … replaces
// the form element's own property for every script on the page (Playwright's locators threw "text.replace is
// not a function" inside such a form). Every route under src/pages, as a visitor, a member, a moderator and an
// admin; the browser says which names are the form's (`name in HTMLFormElement.prototype`).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { isStaffRoute, routeFiles, urlWith } from '../routes';
import { createIdea, signIn } from '../staff-helpers';

interface Shadowing {
  form: string;
  control: string;
}

/** The controls of every form on the page whose name or id is one of the form element's own properties. */
function shadowingControls(page: Page): Promise<Shadowing[]> {
  return page.evaluate(() => {
    const own = (key: string) => key in HTMLFormElement.prototype || key in document.createElement('form');
    const found: Shadowing[] = [];
    for (const form of document.querySelectorAll('form')) {
      const formName = form.getAttribute('aria-label') ?? form.getAttribute('class') ?? `form #${found.length}`;
      for (const control of Array.from(form.elements)) {
        for (const attribute of ['name', 'id']) {
          const value = control.getAttribute(attribute);
          if (value && own(value)) {
            found.push({ form: formName, control: `<${control.tagName.toLowerCase()} ${attribute}="${value}">` });
          }
        }
      }
    }
    return found;
  });
}

const ROUTES = routeFiles();

test('no page has a form control named after one of the form’s own properties', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  test.setTimeout(300_000);
  const member = await createMember({ name: 'Form Checker' });
  const moderator = await createMember({ name: 'Form Moderator', role: 'moderator' });
  const staffAdmin = await createMember({ name: 'Form Admin', role: 'admin' });
  const idea = await createIdea(admin, member.id, 'An idea whose pages are checked for shadowing controls');
  const release = await admin
    .collection('changelog_entries')
    .getFirstListItem('state = "published"', { sort: '-published_at' });
  const pathOf = (route: string) =>
    urlWith(route, { board: 'features', idea: idea.id, member: member.id, release: release.slug });

  const findings: string[] = [];
  const visitors = [
    { who: 'a visitor', account: null, routes: ROUTES.filter((r) => !isStaffRoute(r)) },
    { who: 'a member', account: member, routes: ROUTES.filter((r) => !isStaffRoute(r)) },
    { who: 'a moderator', account: moderator, routes: ROUTES.filter(isStaffRoute) },
    { who: 'an admin', account: staffAdmin, routes: ROUTES },
  ];
  for (const { who, account, routes } of visitors) {
    const context = await browser.newContext({ baseURL: baseURL as string });
    if (account) await signIn(context, baseURL as string, pbUrl, account.email, account.password);
    const page = await context.newPage();
    for (const route of routes) {
      const url = pathOf(route);
      // A route that sends the browser to another site (/sso to the team's sign-in page, once another spec has
      // set one up) has no form of ours to check.
      const reached = await page.goto(url).then(
        () => new URL(page.url()).origin === new URL(baseURL as string).origin,
        () => false,
      );
      if (!reached) continue;
      // Islands render some forms only once hydrated.
      await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
      // Not vacuous: the admin really sees the staff pages' forms (segments had `id` and `action` controls).
      if (account === staffAdmin && route === 'admin/segments')
        await expect(page.locator('form').first()).toBeAttached();
      for (const { form, control } of await shadowingControls(page)) {
        findings.push(`${url} (${who}): ${control} in the form "${form}"`);
      }
    }
    await context.close();
  }
  expect(findings, 'controls that shadow their form’s own properties').toEqual([]);
});
