// Words a person hears and sees in the page's own language, punctuation included: the vote button and the
// changelog link read with the locale's separators (Arabic "،", Japanese "、"), the comment form's image
// picker is a button in the page's language, and the sort tabs all stay in sight on a phone.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import ar from '../../../locales/ar.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };
import { formatMessage } from '../../../src/i18n/format';
import { expect, test } from '../fixtures';
import { createIdea, openPage, PNG_1X1, signInContext } from '../ideas-helpers';

const SCREENSHOTS = 'test-results/localized-controls';
const PHONE = { width: 390, height: 844 };
const LOCALES = { en, ar, ja } as const;

async function chooseLanguage(context: BrowserContext, baseURL: string | undefined, lang: string): Promise<void> {
  await context.addCookies([{ name: 'chorus_lang', value: lang, url: baseURL ?? '' }]);
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}

for (const [lang, voteNames, separator] of [
  ['ar', ['صوّت، 0 أصوات', 'صوّت، 1 صوت'], '، '],
  ['ja', ['投票、0 票', '投票、1 票'], '、'],
] as const) {
  test(`a visitor on a ${lang} page hears the vote button and the changelog link with ${lang} punctuation`, async ({
    browser,
    baseURL,
    pbUrl,
    admin,
    createMember,
  }) => {
    const member = await createMember();
    const id = await createIdea(admin, { author: member.id, title: `Separators ${lang} ${Date.now()}` });
    // Wide enough for the header's links to show (on a phone they sit in the closed menu).
    const context = await browser.newContext();
    await chooseLanguage(context, baseURL, lang);
    const page = await context.newPage();
    // Every release so far seen; then exactly one new one to count.
    await openPage(page, '/changelog');
    await page.waitForTimeout(500);
    const slug = `separators-${lang}-${Date.now().toString(36)}`;
    await admin
      .collection('changelog_entries')
      .create({ title: `Release ${slug}`, slug, state: 'published', body: 'New.' });

    await openPage(page, `/p/${id}`);
    const vote = page.getByRole('main').getByTestId('vote-button').first();
    await expect(vote).toHaveAccessibleName(voteNames[0]);

    const words = LOCALES[lang];
    const badge = page.getByRole('banner').getByTestId('whats-new-badge');
    await expect(badge).toBeVisible();
    const unseen = Number(await badge.locator('[aria-hidden]').textContent());
    const changelog = page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`^${words.pageHeader.changelog}`) });
    await expect(changelog).toHaveAccessibleName(
      `${words.pageHeader.changelog}${separator}${formatMessage(lang, words.releases.unseen, { count: unseen })}`,
    );
    await page.setViewportSize(PHONE);
    await screenshot(page, `idea-${lang}`);

    await signInContext(context, pbUrl, baseURL as string, await createMember());
    await openPage(page, `/p/${id}`);
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toHaveAccessibleName(voteNames[1]);
    await context.close();
  });
}

test('a member on an Arabic page attaches an image to a comment with a button named in Arabic', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const id = await createIdea(admin, { author: member.id, title: `Attach in Arabic ${Date.now()}` });
  const context = await browser.newContext({ viewport: PHONE });
  await chooseLanguage(context, baseURL, 'ar');
  await signInContext(context, pbUrl, baseURL as string, member);
  const page = await context.newPage();
  // Listening for the file chooser from the start: Playwright turns its interception on without waiting for the
  // browser (a listener's subscription is sent and not awaited), so one added just before the key press lost the
  // race in two loaded runs and the chooser never reached the test.
  const chooser = page.waitForEvent('filechooser');
  // A story that fails before the key press closes the page, which rejects this wait: not a second error.
  chooser.catch(() => undefined);
  await openPage(page, `/p/${id}`);
  const form = page.locator('form.comment-form').first();
  // The attach button comes with a started comment (its picker loads then, not with the page).
  await expect(form.getByRole('button', { name: /^إرفاق صور/ })).toHaveCount(0);
  await form.getByRole('textbox').focus();
  const attach = form.getByRole('button', { name: 'إرفاق صور (0/3)' });
  await expect(attach).toBeVisible();
  await expect(form.getByText('لم يُختر أي ملف')).toBeVisible();
  // The browser's own "Choose Files / No file chosen" is nowhere to be seen.
  await expect(form.locator('input[type="file"]')).not.toBeInViewport({ ratio: 0.5 });

  // Keyboard: the button takes focus and opens the file chooser.
  await attach.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([{ name: 'لقطة.png', mimeType: 'image/png', buffer: PNG_1X1 }]);
  await expect(form.getByRole('button', { name: 'إرفاق صور (1/3)' })).toBeVisible();
  await expect(form.getByText('ملف واحد: لقطة.png')).toBeVisible();
  await screenshot(page, 'comment-attach-ar');

  await form.getByRole('textbox').fill('تعليق مع صورة');
  await form.locator('button[type="submit"]').click();
  const comment = page.getByTestId('comment').filter({ hasText: 'تعليق مع صورة' });
  await expect(comment.locator('.post-images img')).toHaveCount(1);
  await expect(form.getByText('لم يُختر أي ملف')).toBeVisible();
  await context.close();
});

for (const lang of ['en', 'ar', 'ja'] as const) {
  test(`a visitor on a phone sees every sort tab of the ${lang} idea list`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: PHONE });
    await chooseLanguage(context, baseURL, lang);
    const page = await context.newPage();
    for (const path of ['/?sort=discussed', '/b/features?sort=discussed']) {
      await openPage(page, path);
      const tabs = page.locator('nav.tabs');
      const links = tabs.getByRole('link');
      await expect(links).toHaveCount(4);
      const nav = await tabs.boundingBox();
      if (!nav) throw new Error('no sort tabs');
      for (const link of await links.all()) {
        const box = await link.boundingBox();
        if (!box) throw new Error('a sort tab has no box');
        const name = await link.textContent();
        // Inside the viewport and inside the tabs' own box (not clipped by a scroller).
        expect(box.x, `${name} starts in view`).toBeGreaterThanOrEqual(nav.x - 0.5);
        expect(box.x + box.width, `${name} ends in view`).toBeLessThanOrEqual(nav.x + nav.width + 0.5);
        expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
      }
      await expect(tabs.locator('[aria-current="page"]')).toBeInViewport();
      await tabs.scrollIntoViewIfNeeded();
      await screenshot(page, `sort-tabs-${lang}${path.startsWith('/b/') ? '-board' : '-home'}`);
    }
    await context.close();
  });
}
