// Every page on a phone and on a laptop, in English, Arabic and Japanese, light (and dark where axe runs; both
// for the gallery) (issue 37): every route
// the router has (tests/e2e/routes.ts), the public and member ones as a signed-in member, the staff ones as an
// admin, on seeded records. The document never scrolls sideways, no element sticks out past the screen's edge
// except inside a container that scrolls (or clips) on purpose, and axe finds nothing serious or critical (in
// Japanese on a phone in dark; other specs run it in English and Arabic), and no form control shadows its form
// (shadowing.ts; form-controls.spec.ts checks the visitor's and the moderator's pages).
// Each finding names the page, the element and where it reaches. `npm run shots` runs this sweep with
// screenshots and writes a gallery of them (tools/shots.mjs).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { axeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE } from '../ideas-helpers';
import { isStaffRoute, type RouteRecords, routeFiles, urlWith } from '../routes';
import { createIdea, signIn } from '../staff-helpers';
import { unringedFocus } from './focus-ring';
import { looksOf } from './looks';
import { overflowsOf } from './overflow';
import { shadowingControls } from './shadowing';

const LANGUAGES = ['en', 'ar', 'ja'] as const;
const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const AXE_IN = ['ja phone dark'];
/** Set by `npm run shots`: a folder for one screenshot per page and combination. */
const SHOTS = process.env.CHORUS_SHOTS ?? '';

const ROUTES = routeFiles();
// Seven combinations of 44 pages (twelve for the gallery): spread over the run's workers rather than one after another.
test.describe.configure({ mode: 'parallel' });
// A trace of 44 pages is most of the sweep's time; a failure names the page and the element instead.
test.use({ trace: 'off' });

interface Account {
  email: string;
  password: string;
}
interface Seeded {
  records: RouteRecords;
  member: Account;
  admin: Account;
}
let seeded: Seeded | undefined;

/** The records the routes need, made once per worker (an idea of the member's own, so its edit page opens). */
async function seed(admin: PocketBase): Promise<Seeded> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'a-long-password-123';
  const make = (name: string, role: string) =>
    admin.collection('users').create({
      name,
      email: `${name.toLowerCase().replace(/\s/g, '-')}-${tag}@example.com`,
      password,
      passwordConfirm: password,
      verified: true,
      role,
    });
  const member = await make('Sweep Member', 'member');
  const staff = await make('Sweep Admin', 'admin');
  const idea = await createIdea(admin, member.id, 'Offline mode for the mobile app, with sync once back online');
  await admin.collection('comments').create({ post: idea.id, author: staff.id, body: 'Thanks, we are looking at it.' });
  const release = await admin
    .collection('changelog_entries')
    .getFirstListItem('state = "published"', { sort: '-published_at' });
  return {
    records: { board: 'features', idea: idea.id, member: member.id, release: release.slug },
    member: { email: member.email, password },
    admin: { email: staff.email, password },
  };
}

async function contextFor(
  browser: Browser,
  baseURL: string,
  pbUrl: string,
  who: Account,
  lang: string,
  screen: (typeof SCREENS)[number],
  scheme: (typeof SCHEMES)[number],
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: screen.width, height: screen.height },
    colorScheme: scheme,
  });
  await context.addCookies([{ name: 'chorus_lang', value: lang, url: baseURL }]);
  await signIn(context, baseURL, pbUrl, who.email, who.password);
  return context.newPage();
}

/**
 * Opens `url` and waits until every island that will hydrate has; false when the route sent the browser to
 * another site (/sso to the team's sign-in page, once another spec has set one up): no page of ours to check.
 */
async function visit(page: Page, url: string, baseURL: string): Promise<boolean> {
  const reached = await page.goto(url).then(
    () => new URL(page.url()).origin === new URL(baseURL).origin,
    () => false,
  );
  if (reached) await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0, { timeout: 20_000 });
  return reached;
}

/** Serious and critical axe violations on the page, each with the elements it found. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `axe ${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target).join(', ')}`,
    );
}

for (const lang of LANGUAGES) {
  for (const screen of SCREENS) {
    for (const scheme of SCHEMES) {
      const combination = `${lang}, ${screen.width} px, ${scheme}`;
      // axe (2 s a page against half a second for the rest) in one combination, the one other tests cover least:
      // Japanese on a phone in dark (phone-accessibility.spec.ts runs it on a phone in English, light and dark, and
      // right-to-left.spec.ts in Arabic): in three combinations it kept npm test over its 25 minutes.
      const withAxe = AXE_IN.includes(`${lang} ${screen.name} ${scheme}`);
      // What sticks out does not depend on the colour scheme: dark runs where axe checks its contrast, and in
      // every combination for `npm run shots`'s gallery (five dark sweeps were four minutes of npm test).
      if (scheme === 'dark' && !withAxe && !SHOTS) continue;
      // The public and member pages apart from the staff pages: two tests of about a minute each instead of one of
      // two, which no longer leaves the run's last minutes to a single worker.
      for (const staffPages of [false, true]) {
        const audience = staffPages ? 'staff pages' : 'public and member pages';
        test(`every page fits the screen${withAxe ? ' and passes axe' : ''}: ${combination}, ${audience}`, async ({
          browser,
          baseURL,
          pbUrl,
          admin,
        }) => {
          test.setTimeout(600_000);
          seeded ??= await seed(admin);
          const { records, member, admin: staff } = seeded;
          const found: string[] = [];
          const who = staffPages ? staff : member;
          const page = await contextFor(browser, baseURL as string, pbUrl, who, lang, screen, scheme);
          for (const route of ROUTES.filter((r) => isStaffRoute(r) === staffPages)) {
            const url = urlWith(route, records);
            if (!(await visit(page, url, baseURL as string))) continue;
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            for (const overflow of await overflowsOf(page)) found.push(`${url}: ${overflow}`);
            for (const control of await shadowingControls(page)) found.push(`${url}: ${control} shadows its form`);
            if (withAxe) for (const violation of await seriousViolations(page)) found.push(`${url}: ${violation}`);
            if (SHOTS) {
              const folder = join(SHOTS, `${lang}-${screen.name}-${scheme}`);
              mkdirSync(folder, { recursive: true });
              await page.screenshot({ path: join(folder, `${route.replaceAll('/', '_')}.png`), fullPage: true });
            }
          }
          await page.context().close();
          expect(found, `${audience} that break in ${combination}`).toEqual([]);
        });
      }
    }
  }
}

test('every staff page draws its text fields one way and its submit buttons one way', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
}) => {
  test.setTimeout(300_000);
  seeded ??= await seed(admin);
  const { records, admin: staff } = seeded;
  const page = await contextFor(browser, baseURL as string, pbUrl, staff, 'en', SCREENS[1], 'light');
  const fields: Record<string, string> = {};
  const submits: Record<string, string> = {};
  for (const route of ROUTES.filter(isStaffRoute)) {
    const url = urlWith(route, records);
    if (!(await visit(page, url, baseURL as string))) continue;
    const looks = await looksOf(page);
    for (const [look, control] of Object.entries(looks.fields)) fields[look] ??= `${url} ${control}`;
    for (const [look, control] of Object.entries(looks.submits)) submits[look] ??= `${url} ${control}`;
  }
  await page.context().close();
  const listed = (looks: Record<string, string>) => Object.entries(looks).map(([look, first]) => `${look}: ${first}`);
  expect(listed(fields), 'looks of text fields on the staff pages').toHaveLength(1);
  expect(listed(submits), 'looks of submit buttons on the staff pages').toHaveLength(1);
});

test('the sweep names what sticks out, and not what scrolls on purpose', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/roadmap');
  const columns = page.locator('.roadmap');
  expect(await columns.evaluate((el) => el.scrollWidth > el.clientWidth), 'columns past the screen').toBe(true);
  expect(await overflowsOf(page), 'the roadmap’s columns scroll inside their own container').toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('p');
    wide.className = 'too-wide';
    wide.style.inlineSize = '600px';
    wide.textContent = 'A line set wider than a phone';
    document.querySelector('main')?.append(wide);
  });
  const found = await overflowsOf(page);
  expect(found[0]).toMatch(/^the page scrolls sideways: \d+ px wide on 390$/);
  expect(found[1]).toMatch(/^p\.too-wide "A line set wider than a phone" reaches \d+–\d+ px of 390$/);
});

for (const staffPages of [false, true]) {
  const audience = staffPages ? 'staff pages' : 'public and member pages';
  test(`every control shows where keyboard focus is, on every page: ${audience}`, async ({
    browser,
    baseURL,
    pbUrl,
    admin,
  }) => {
    test.setTimeout(300_000);
    seeded ??= await seed(admin);
    const { records, member, admin: staff } = seeded;
    const found: string[] = [];
    const page = await contextFor(
      browser,
      baseURL as string,
      pbUrl,
      staffPages ? staff : member,
      'en',
      SCREENS[1],
      'light',
    );
    for (const route of ROUTES.filter((r) => isStaffRoute(r) === staffPages)) {
      const url = urlWith(route, records);
      if (!(await visit(page, url, baseURL as string))) continue;
      for (const control of await unringedFocus(page)) found.push(`${url}: ${control}`);
    }
    await page.context().close();
    expect(found, `focused controls with no visible ring on ${audience}`).toEqual([]);
  });
}

test('the focus check names a control that hides its ring', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  expect(await unringedFocus(page)).toEqual([]);
  await page.evaluate(() => {
    const bare = document.createElement('button');
    bare.type = 'button';
    bare.textContent = 'No ring here';
    bare.style.outline = 'none';
    document.querySelector('main')?.prepend(bare);
  });
  expect(await unringedFocus(page)).toEqual(['button "No ring here"']);
});
