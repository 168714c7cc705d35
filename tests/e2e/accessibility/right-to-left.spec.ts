// Right-to-left for real: Arabic and Hebrew pages mirror (positions measured, not only `dir`) and pass axe;
// English stays left-to-right; a Japanese idea is found through the search box; screenshots of Arabic pages.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, openPage, signInContext } from '../ideas-helpers';

const SCREENSHOTS = 'test-results/rtl-screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Chooses the site language as a signed-out visitor's language picker does. */
async function chooseLanguage(context: BrowserContext, baseURL: string | undefined, lang: string): Promise<void> {
  await context.addCookies([{ name: 'chorus_lang', value: lang, url: baseURL ?? '' }]);
}

async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return {
    left: found.x,
    right: found.x + found.width,
    center: found.x + found.width / 2,
    bottom: found.y + found.height,
  };
}

/** The x of the centres of the first and last characters of an element's own text. */
function textEnds(locator: Locator): Promise<[number, number]> {
  return locator.evaluate((element) => {
    const text = element.firstChild as Text;
    const range = document.createRange();
    const centre = (i: number) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const rect = range.getBoundingClientRect();
      return rect.x + rect.width / 2;
    };
    return [centre(0), centre((text.textContent ?? '').length - 1)];
  });
}

async function expectDocument(page: Page, lang: string, dir: 'rtl' | 'ltr'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

for (const [lang, dir] of [
  ['ar', 'rtl'],
  ['fa', 'rtl'],
  ['he', 'rtl'],
  ['en', 'ltr'],
] as const) {
  const rtl = dir === 'rtl';
  /** `a` lies entirely on the inline-start side of `b` (right of it in RTL, left of it in LTR). */
  const expectStartOf = (a: Awaited<ReturnType<typeof box>>, b: Awaited<ReturnType<typeof box>>) => {
    if (rtl) expect(a.left).toBeGreaterThanOrEqual(b.right - 1);
    else expect(a.right).toBeLessThanOrEqual(b.left + 1);
  };

  test.describe(`${lang} (${dir})`, () => {
    test.beforeEach(async ({ context, baseURL }) => chooseLanguage(context, baseURL, lang));

    test('the header and the idea page are laid out in reading order', async ({ page, admin, createMember }) => {
      const member = await createMember();
      const id = await createIdea(admin, { author: member.id, title: `Idea read in ${lang}.`, body: 'Some details.' });
      await page.setViewportSize(PHONE);
      await openPage(page, `/p/${id}`);
      await expectDocument(page, lang, dir);
      expectStartOf(await box(page.locator('.brand')), await box(page.getByTestId('menu-toggle')));
      await page.setViewportSize(DESKTOP);
      expectStartOf(await box(page.getByTestId('vote-button')), await box(page.locator('.post-title')));
      expectStartOf(await box(page.locator('.post')), await box(page.locator('.idea-aside')));
      // What people write keeps its own direction: an English title keeps its full stop at its end (the right).
      const [first, last] = await textEnds(page.locator('.post-title'));
      expect(last).toBeGreaterThan(first);
      await expectNoAxeViolations(page, `${lang} idea page`);
    });

    test('the roadmap starts at the reading side, on phones as on desktops', async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await openPage(page, '/roadmap');
      await expectDocument(page, lang, dir);
      const columns = page.locator('.roadmap-column');
      expect(await columns.count()).toBeGreaterThanOrEqual(2);
      expectStartOf(await box(columns.nth(0)), await box(columns.nth(1)));
      await expectNoAxeViolations(page, `${lang} roadmap`);

      await page.setViewportSize(PHONE);
      const first = await box(columns.nth(0));
      const second = await columns.nth(1).boundingBox();
      // The first column is fully in view at the start edge; the next one peeks in from the end edge.
      if (rtl)
        expect([first.right > PHONE.width - 24, first.left >= 0, (second?.x ?? 0) < 0]).toEqual([true, true, true]);
      else
        expect([
          first.left < 24,
          first.right <= PHONE.width,
          (second?.x ?? 0) + (second?.width ?? 0) > PHONE.width,
        ]).toEqual([true, true, true]);
    });

    test('the composer reads from the start side', async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await openPage(page, '/b/features');
      await page.getByTestId('share-idea').click();
      const composer = page.locator('form.composer');
      const label = await box(composer.locator('label').first());
      const input = await box(composer.locator('input').first());
      // Labels sit at the start edge of their field: the right edge in RTL, the left edge in LTR.
      if (rtl) expect(Math.abs(label.right - input.right)).toBeLessThanOrEqual(16);
      else expect(Math.abs(label.left - input.left)).toBeLessThanOrEqual(16);
      expectStartOf(
        await box(composer.locator('button[type="submit"]')),
        await box(composer.locator('button[type="button"]').last()),
      );
      await expectNoAxeViolations(page, `${lang} composer`);
    });

    test('a toast stays bottom-centred and its dismiss button follows the message', async ({
      page,
      context,
      pbUrl,
      baseURL,
      admin,
      createMember,
    }) => {
      const member = await createMember();
      const id = await createIdea(admin, { author: member.id, title: `Locked in ${lang}`, locked: true });
      await signInContext(context, pbUrl, baseURL as string, member);
      await page.setViewportSize(DESKTOP);
      await openPage(page, `/p/${id}`);
      await page.getByTestId('vote-button').click();
      const toast = page.getByTestId('toast');
      const where = await box(toast);
      expect(Math.abs(where.center - DESKTOP.width / 2)).toBeLessThanOrEqual(2);
      expect(DESKTOP.height - where.bottom).toBeGreaterThanOrEqual(8);
      // The dismiss button follows the message, so it sits at the toast's inline end: left in RTL.
      const dismiss = await box(toast.getByRole('button'));
      if (rtl) expect(dismiss.right).toBeLessThan(where.center);
      else expect(dismiss.left).toBeGreaterThan(where.center);
    });
  });
}

test('a "back" arrow points the other way in right-to-left pages', async ({ page, context, baseURL, admin }) => {
  const entry = await admin.collection('changelog_entries').getFirstListItem('state = "published"');
  for (const [lang, transform] of [
    ['he', 'matrix(-1, 0, 0, 1, 0, 0)'],
    ['en', 'none'],
  ] as const) {
    await chooseLanguage(context, baseURL, lang);
    await openPage(page, `/changelog/${entry.slug}`);
    await expect(page.locator('main .dir-icon')).toHaveCSS('transform', transform);
  }
});

test('a Japanese idea is found through the search box by one of its words', async ({
  page,
  context,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const title = 'ダークモードを夜だけ自動で切り替えたい';
  const id = await createIdea(admin, { author: member.id, title, body: '目にやさしい画面にしてください。' });
  await chooseLanguage(context, baseURL, 'ja');
  await openPage(page, '/');
  await expectDocument(page, 'ja', 'ltr');
  const box = page.getByRole('combobox').first();
  for (const word of ['自動', '切り替え']) {
    await box.fill('');
    await box.pressSequentially(word);
    await expect(page.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  }
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/p/${id}$`));
});

test('screenshots of the Arabic home, idea page and roadmap at phone and desktop widths', async ({
  page,
  context,
  baseURL,
  admin,
  createMember,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const member = await createMember();
  const id = await createIdea(admin, {
    author: member.id,
    title: 'أضيفوا الوضع الداكن',
    body: 'نريد وضعًا داكنًا يتبع إعدادات النظام، خاصة في الليل.',
  });
  await chooseLanguage(context, baseURL, 'ar');
  for (const [name, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    for (const [pageName, path] of [
      ['home', '/'],
      ['idea', `/p/${id}`],
      ['roadmap', '/roadmap'],
    ] as const) {
      await openPage(page, path);
      await expectDocument(page, 'ar', 'rtl');
      // Nothing widens the page: in RTL, overflow would scroll the page sideways to the left.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${pageName} at ${name}` })
        .toBe(size.width);
      await page.screenshot({ path: `${SCREENSHOTS}/ar-${pageName}-${name}.png`, fullPage: true });
    }
  }
});
