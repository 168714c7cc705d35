// Staff work from a phone too: every admin page and an idea's staff panel fit a 390 px screen in the
// languages with the longest words (German) and other scripts (Arabic, Japanese).
import { readdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { createIdea, demoPassword, signIn } from '../staff-helpers';

/** Every admin page, read from the router's folder (src/pages/admin/*.astro), so a new one is checked too. */
const ADMIN_PAGES = readdirSync(new URL('../../../src/pages/admin/', import.meta.url))
  .filter((file) => file.endsWith('.astro'))
  .map((file) => (file === 'index.astro' ? '/admin' : `/admin/${file.replace(/\.astro$/, '')}`))
  .sort();

test('an admin on a phone sees every staff page fit the screen in German, Arabic and Japanese', async ({
  context,
  page,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  // Every admin page in three languages: the time grows with each new page (19 admin pages and an idea, 60 loads).
  test.setTimeout(180_000);
  // A member whose name is one long word, early in the members list (sorted by name).
  await createMember({ name: 'Aaa Kundenzufriedenheitsverbesserungsvorschlagsbeauftragte' });
  const { id: author } = await admin.collection('users').getFirstListItem('email = "member@example.com"');
  const { id: idea } = await createIdea(admin, author, 'A phone-sized staff panel');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  for (const locale of ['de', 'ar', 'ja']) {
    await context.addCookies([{ name: 'chorus_lang', value: locale, url: baseURL ?? '' }]);
    for (const path of [...ADMIN_PAGES, `/p/${idea}`]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // Long German buttons in the staff panel, the widget's snippet and a member's one-word name once widened
      // the page (465, 600, 400 px).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} in ${locale}` })
        .toBe(390);
    }
  }
});
