// A header that holds any number of boards: with 1, 8, 20 and 50 boards, in English, Arabic and Japanese, the
// header is one row at 1280 and 1920 px; every board is in the phone menu at 390 px and in the Boards menu, in the
// order set in /admin/boards, reachable with the keyboard; the Boards menu works without JavaScript and, past
// ten boards, filters as you type. Boards are made in a stack of this spec's own.
import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { expect, test } from '../fixtures';
import { withOwnStack } from '../own-stack';

const LOCALES = ['en', 'ar', 'ja'] as const;
const AREAS: Record<(typeof LOCALES)[number], string[]> = {
  en: ['Mobile app', 'Integrations', 'Billing', 'Reports', 'Notifications', 'Search', 'Security', 'Onboarding'],
  ar: ['تطبيق الجوال', 'التكاملات', 'الفوترة', 'التقارير', 'الإشعارات', 'البحث', 'الأمان', 'البدء'],
  ja: ['モバイルアプリ', '連携', '請求', 'レポート', '通知', '検索', 'セキュリティ', 'オンボーディング'],
};
/** Board i's name in a language: a product area, numbered past the first eight. */
const nameOf = (locale: (typeof LOCALES)[number], i: number) =>
  `${AREAS[locale][i % 8]}${i >= 8 ? ` ${Math.floor(i / 8) + 1}` : ''}`;

/** The header's height and how many rows its visible items take (their middles, more than 12 px apart). */
function headerShape(page: Page): Promise<{ height: number; rows: number }> {
  return page.evaluate(() => {
    const bar = document.querySelector('.header-bar') as HTMLElement;
    const items = [...bar.querySelectorAll<HTMLElement>('.brand, .main-nav > ul > li, .menu-toggle, .auth-actions')];
    const middles = items
      .filter((item) => item.getClientRects().length > 0)
      .map((item) => {
        const box = item.getBoundingClientRect();
        return box.top + box.height / 2;
      })
      .sort((a, b) => a - b);
    const rows = middles.filter((middle, i) => i === 0 || middle - (middles[i - 1] ?? 0) > 12).length;
    const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
    return { height: Math.round(header), rows };
  });
}

/** The header as it was before the Boards menu: every board a link, wrapping. For the closing note only. */
async function headerShapeBefore(page: Page) {
  await page.addStyleTag({
    content:
      '.main-nav .board-link{display:list-item!important}.boards-menu-item{display:none!important}.main-nav ul{flex-wrap:wrap!important}.main-nav .board-link a{white-space:normal!important}',
  });
  return headerShape(page);
}

async function haveBoards(admin: PocketBase, count: number, locale: (typeof LOCALES)[number]) {
  const boards = await admin.collection('boards').getFullList({ sort: 'created' });
  for (let i = 0; i < count; i++) {
    // Positions run backwards from creation: the header follows the order set in /admin/boards.
    const fields = { name: nameOf(locale, i), position: count - i, visibility: 'public' };
    const board = boards[i];
    if (board) await admin.collection('boards').update(board.id, fields);
    else await admin.collection('boards').create({ ...fields, slug: `area-${i + 1}` });
  }
  for (const extra of boards.slice(count)) await admin.collection('boards').delete(extra.id);
}

test('the header holds 1, 8, 20 and 50 boards in one row, each reachable on a phone, by keyboard and without JavaScript', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  await withOwnStack(async (stack) => {
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const measured: string[] = [];
    for (const locale of LOCALES) {
      // bypassCSP: the closing note's 'before' figure adds a style tag (headerShapeBefore); layout is the same.
      const context = await browser.newContext({ baseURL: stack.siteUrl, bypassCSP: true });
      await context.addCookies([{ name: 'chorus_lang', value: locale, url: stack.siteUrl }]);
      const page = await context.newPage();
      for (const count of [1, 8, 20, 50]) {
        await haveBoards(admin, count, locale);
        // In the order set in /admin/boards (positions run backwards), not the order they were made.
        const names = Array.from({ length: count }, (_, i) => nameOf(locale, count - 1 - i));
        const label = `${count} boards in ${locale}`;
        // A query of its own: the edge keeps the signed-out home page, and purges after board changes are rate
        // limited (as on Cloudflare), so a plain "/" may still show the boards of a moment ago.
        const home = `/?boards=${count}-${locale}`;

        for (const width of [1280, 1920]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(home);
          const shape = await headerShape(page);
          expect(shape.rows, `${label} at ${width} px`).toBe(1);
          expect(shape.height, `${label} at ${width} px`).toBeLessThanOrEqual(57);
          if (width === 1280) {
            const before = await headerShapeBefore(page);
            measured.push(
              `${label} at 1280 px: ${shape.height} px, ${shape.rows} row (before: ${before.height} px, ${before.rows} rows)`,
            );
          }
        }

        // The keyboard at 1280 px: the boards shown as links, then the Boards menu (when there is one) with all.
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(home);
        const nav = page.getByRole('navigation').first();
        const menu = nav.locator('details.boards-menu');
        // The menu shows where some board is not a link (where every board is, it has nothing to add).
        if (await menu.isVisible()) {
          await menu.locator('summary').focus();
          await page.keyboard.press('Enter');
          const reached: string[] = [];
          if (count > 10) {
            // The filter takes the focus first.
            await expect(menu.getByRole('searchbox')).toBeFocused();
          }
          for (let i = 0; i < count; i++) {
            await page.keyboard.press('Tab');
            reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
          }
          expect(reached, label).toEqual(names);
          if (count > 10) {
            // With a filter comes Escape; a short menu closes as any disclosure does, from its button.
            await page.keyboard.press('Escape');
          } else {
            await menu.locator('summary').focus();
            await page.keyboard.press('Enter');
          }
          await expect(menu.locator('ul')).toBeHidden();
          await expect(menu.locator('summary')).toBeFocused();
        } else {
          await expect(nav.getByRole('link', { name: names[0] ?? '' })).toBeVisible();
        }

        if (count > 10) {
          await menu.locator('summary').click();
          await menu.getByRole('searchbox').fill(nameOf(locale, 3));
          const shown = menu.getByRole('link');
          await expect(shown.filter({ visible: true }).first()).toHaveText(new RegExp(nameOf(locale, 3)));
          expect(await shown.filter({ visible: true }).count()).toBeLessThan(count);
          await page.keyboard.press('Escape');
        }

        // A phone: the menu lists every board.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(home);
        expect((await headerShape(page)).rows, `${label} at 390 px`).toBe(1);
        await page.getByTestId('menu-toggle').click();
        const phoneLinks = page.locator('#site-menu .board-link a');
        await expect(phoneLinks).toHaveText(names);
        for (const link of await phoneLinks.all()) await expect(link).toBeVisible();
      }
      await context.close();
    }

    // Without JavaScript, the Boards menu opens and its last board is a link that works and is marked current.
    await haveBoards(admin, 50, 'en');
    const plain = await browser.newContext({ baseURL: stack.siteUrl, javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?boards=50-en-plain');
    const menu = page.locator('details.boards-menu');
    await menu.locator('summary').click();
    const last = menu.getByRole('link', { name: nameOf('en', 0), exact: true });
    await last.click();
    await expect(page).toHaveURL(/\/b\/area-1$/);
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: nameOf('en', 0), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.locator('summary')).toHaveAttribute('aria-current', 'true');
    await plain.close();
    console.log(`Header at 1280 px:\n${measured.join('\n')}`);
  });
});
