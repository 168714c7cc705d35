// Every language Chorus speaks (22, issue 39) as its readers meet it: the home page, an idea page and the admin
// in that language and its writing direction (the integrations page on a phone too, nothing past its edge), and
// axe (WCAG 2.2 A/AA) finds nothing on the home page in any of them. Emails and refusals in every language:
// tests/integration/notifications/email-language.test.ts.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { directionOf, LOCALES, type Locale } from '../../../src/i18n/locales';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE } from '../ideas-helpers';
import { demoPassword, signIn } from '../staff-helpers';
import { overflowsOf } from './overflow';

// Twenty-two languages, each a few pages: spread over the run's workers.
test.describe.configure({ mode: 'parallel' });

type Words = Record<string, Record<string, string>>;
const files = new Map<Locale, Words>();
/** One message of `locale`'s file (a plain text), read as the translators wrote it. */
function wordOf(locale: Locale, namespace: string, key: string): string {
  let words = files.get(locale);
  if (!words) {
    words = JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Words;
    files.set(locale, words);
  }
  const text = words[namespace]?.[key];
  if (typeof text !== 'string') throw new Error(`${locale}: ${namespace}.${key} is not a plain text`);
  return text;
}

/** Opens `path` and waits until its islands have hydrated; the document is in `locale`, in its direction. */
async function openIn(page: Page, path: string, locale: Locale): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0, { timeout: 20_000 });
}

for (const locale of LOCALES) {
  test(`${locale}: the home page, an idea page and the admin are in it; axe finds nothing on the home page`, async ({
    page,
    context,
    baseURL,
    pbUrl,
    admin,
  }) => {
    const [allIdeas, voters, navLabel, navQueue] = [
      ['pageHome', 'allIdeas'],
      ['pageIdea', 'voters'],
      ['pageAdmin', 'navLabel'],
      ['pageAdmin', 'navQueue'],
    ].map(([namespace = '', key = '']) => wordOf(locale, namespace, key)) as [string, string, string, string];
    // The checks below prove the page is not in English only where the words differ from English's.
    if (locale !== 'en') {
      expect([allIdeas, voters, navQueue], 'translated').not.toEqual([
        wordOf('en', 'pageHome', 'allIdeas'),
        wordOf('en', 'pageIdea', 'voters'),
        wordOf('en', 'pageAdmin', 'navQueue'),
      ]);
    }
    await context.addCookies([{ name: 'chorus_lang', value: locale, url: baseURL ?? '' }]);

    await openIn(page, '/', locale);
    await expect(page.getByRole('heading', { name: allIdeas, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, `/ in ${locale}`);

    const idea = await admin
      .collection('posts')
      .getFirstListItem('title = "Dark mode that follows the system setting"');
    await openIn(page, `/p/${idea.id}`, locale);
    await expect(page.getByRole('heading', { name: voters, exact: true })).toBeVisible();

    await signIn(context, baseURL ?? '', pbUrl, 'admin@example.com', demoPassword());
    await openIn(page, '/admin', locale);
    await expect(
      page.getByRole('navigation', { name: navLabel }).getByRole('link', {
        name: navQueue,
        exact: true,
      }),
    ).toBeVisible();

    // Every connection at one look fits a phone in every language (issue 58: it was 420 px wide in Arabic).
    await page.setViewportSize({ width: 390, height: 844 });
    await openIn(page, '/admin/integrations', locale);
    expect(await overflowsOf(page), `/admin/integrations on a phone in ${locale}`).toEqual([]);
  });
}
