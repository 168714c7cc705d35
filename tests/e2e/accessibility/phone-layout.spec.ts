// What a visitor sees first: ideas in the first screen of the home page on a phone and on a laptop,
// titles that fit on a phone, and the roadmap's columns side by side, scrolling sideways with snapping.
// Sign-in and sign-up fit a phone in every language.
import type { Page } from '@playwright/test';
import { LOCALES } from '../../../src/i18n/locales';
import { expect, test } from '../fixtures';
import { createIdea } from '../staff-helpers';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the first idea shows without scrolling on the home page at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const first = page.locator('.post-card').first();
    await expect(first).toBeAttached();
    // On failure, the message lists what sits above the list and where.
    const layout = await layoutAboveList(page);
    await expect(page.getByRole('button', { name: 'Share an idea' }), layout).toBeInViewport({ ratio: 1 });
    // The list starts in the first screen. (Ideas other tests post meanwhile can make the first card taller,
    // so only its start is checked.)
    await expect(first.getByTestId('vote-button'), layout).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole('heading', { level: 3 })).toBeInViewport();
  });
}

/** The blocks of the page above the first idea card, with their vertical extent, and the page's language. */
function layoutAboveList(page: Page): Promise<string> {
  return page.evaluate(() => {
    const card = document.querySelector('.post-card');
    const limit = card ? card.getBoundingClientRect().top : Number.POSITIVE_INFINITY;
    const lines = [
      `lang=${document.documentElement.lang} scrollY=${window.scrollY} width=${document.documentElement.scrollWidth}`,
    ];
    for (const el of document.querySelectorAll('body > *, main > *, main > * > *, .post-list > *, .list-filters > *')) {
      const box = el.getBoundingClientRect();
      if (box.height > 0 && box.top < limit) {
        lines.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.top)}–${Math.round(box.bottom)}`);
      }
    }
    return `first card at ${Math.round(limit)}; above it:\n${lines.join('\n')}`;
  });
}

test('on a phone a 40-character title takes at most two lines and its age sits on a line with the author', async ({
  page,
  admin,
  createMember,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = 'Offline sync for notes on slow networks!';
  expect(title).toHaveLength(40);
  const idea = await createIdea(admin, (await createMember({ name: 'Ana Lima' })).id, title);
  await page.goto('/b/features?sort=new');
  const card = page.locator(`[data-post="${idea.id}"]`);
  const lines = async (selector: string) =>
    card
      .locator(selector)
      .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(await lines('.post-card-title')).toBeLessThanOrEqual(2);
  // Both measured in one go: measured one after the other, another story's new idea could add the "new ideas" bar
  // above the list between the two (one loaded run read them 54 px apart).
  const apart = await card.evaluate((el) => {
    const time = el.querySelector('time');
    const name = [...(time?.parentElement?.childNodes ?? [])].find((node) => node.textContent?.trim() === 'Ana Lima');
    const range = document.createRange();
    if (name) range.selectNode(name);
    const middle = (box: DOMRect) => box.top + box.height / 2;
    return time && name ? Math.abs(middle(range.getBoundingClientRect()) - middle(time.getBoundingClientRect())) : 99;
  });
  expect(apart).toBeLessThan(4);

  await page.goto(`/p/${idea.id}`);
  const heading = page.getByRole('heading', { level: 1, name: title });
  const headingLines = await heading.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(headingLines).toBeLessThanOrEqual(2);
});

test('on a phone the roadmap columns scroll sideways and snap', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/roadmap');
  const roadmap = page.locator('.roadmap');
  const [planned, inProgress] = [
    page.getByRole('region', { name: /Planned/ }),
    page.getByRole('region', { name: /In progress/ }),
  ];
  const a = await planned.boundingBox();
  const b = await inProgress.boundingBox();
  expect(b?.y).toBe(a?.y);
  expect(b?.x).toBeGreaterThan((a?.x ?? 0) + 200);
  await expect(roadmap).toHaveCSS('scroll-snap-type', 'inline mandatory');
  expect(await roadmap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

// One test per language: the 22 languages × 2 pages once ran as one test of ~57 s against a 60 s timeout.
for (const locale of LOCALES) {
  test(`on a phone the sign-in and sign-up pages fit the screen in ${locale}`, async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await context.addCookies([{ name: 'chorus_lang', value: locale, url: baseURL ?? '' }]);
    for (const path of ['/signin', '/signup']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // A long link ("Email me a sign-in code instead" in German or Arabic) once widened the page to 448 px.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} in ${locale}` })
        .toBe(390);
    }
  });
}
