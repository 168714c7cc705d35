// Staff work from a phone too: every admin page fits a 390 px screen in the language with the longest words
// (German), and an idea's staff panel in German, Arabic and Japanese. Every admin page in Arabic and Japanese on a
// phone is swept by accessibility/every-page.spec.ts (what sticks out past the screen, element by element), so
// they are not loaded again here (40 page loads, about a minute of the run).
import { readdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { createIdea, demoPassword, signIn } from '../staff-helpers';

/** Every admin page, read from the router's folder (src/pages/admin/*.astro), so a new one is checked too. */
const ADMIN_PAGES = readdirSync(new URL('../../../src/pages/admin/', import.meta.url))
  .filter((file) => file.endsWith('.astro'))
  .map((file) => (file === 'index.astro' ? '/admin' : `/admin/${file.replace(/\.astro$/, '')}`))
  .sort();

test('an admin on a phone sees every staff page fit the screen in German, and the staff panel in German, Arabic and Japanese', async ({
  context,
  page,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  // Every admin page in German and the idea in three languages: the time grows with each new admin page.
  test.setTimeout(120_000);
  // A member whose name is one long word, early in the members list (sorted by name).
  await createMember({ name: 'Aaa Kundenzufriedenheitsverbesserungsvorschlagsbeauftragte' });
  const { id: author } = await admin.collection('users').getFirstListItem('email = "member@example.com"');
  const { id: idea } = await createIdea(admin, author, 'A phone-sized staff panel');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  for (const locale of ['de', 'ar', 'ja']) {
    await context.addCookies([{ name: 'chorus_lang', value: locale, url: baseURL ?? '' }]);
    for (const path of [...(locale === 'de' ? ADMIN_PAGES : []), `/p/${idea}`]) {
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
