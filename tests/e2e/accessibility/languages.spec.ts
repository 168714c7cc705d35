// Languages as visitors meet them: the browser's language when the admin allows it, the footer's picker
// (also without JavaScript), cached pages that never mix languages, and ideas that declare their own language.
import type { APIRequestContext } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { expect, test } from '../fixtures';
import { signIn, unique } from '../staff-helpers';

// The first and third stories switch a site-wide setting: they must not overlap.
test.describe.configure({ mode: 'serial' });

async function allowBrowserLanguage(admin: PocketBase, allowed: boolean) {
  const site = await admin.collection('site').getFirstListItem('');
  await admin.collection('site').update(site.id, { browser_locale: allowed });
}

/** The document's language of a page fetched with these headers, and whether the edge answered from its cache. */
async function pageLanguage(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const response = await request.get(path, { headers });
  const body = await response.text();
  return {
    lang: /<html lang="([^"]+)"/.exec(body)?.[1],
    contentLanguage: response.headers()['content-language'],
    cache: response.headers()['cf-cache-status'],
    body,
  };
}

test('a visitor whose browser prefers German gets German pages when the admin allows it, and English when not', async ({
  browser,
  admin,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', baseURL: baseURL ?? '' });
  const page = await context.newPage();
  try {
    await allowBrowserLanguage(admin, true);
    // The setting's change purges cached pages; the purge lands just after the write.
    await expect
      .poll(async () => (await page.goto('/changelog'))?.headers()['content-language'], { timeout: 15_000 })
      .toBe('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Änderungen');
    await expect(page.getByRole('link', { name: 'Feed abonnieren' })).toBeVisible();

    await allowBrowserLanguage(admin, false);
    await expect
      .poll(async () => (await page.goto('/changelog'))?.headers()['content-language'], { timeout: 15_000 })
      .toBe('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changelog');
  } finally {
    await allowBrowserLanguage(admin, false);
    await context.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a visitor picks Français in the footer and the next pages are French', async ({ page }) => {
      await page.goto('/roadmap?from=footer');
      const picker = page.getByTestId('language-picker');
      await expect(picker.locator('summary')).toHaveText('Language English');
      // Closed, the language names are not shown (nor laid out); opening the picker lists each in its own script.
      await expect(picker.getByRole('button', { name: '日本語' })).toBeHidden();
      await picker.locator('summary').click();
      await expect(picker.getByRole('button', { name: '日本語' })).toHaveAttribute('lang', 'ja');
      await expect(picker.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
      await picker.getByRole('button', { name: 'Français' }).click();

      await expect(page).toHaveURL(/\/roadmap\?from=footer$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feuille de route');
      const french = page.getByTestId('language-picker');
      await expect(french.locator('summary')).toHaveText('Langue Français');
      await french.locator('summary').click();
      await expect(french.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
      await expect(french.getByRole('button', { name: 'English' })).not.toHaveAttribute('aria-current');

      await page.goto('/changelog');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveautés');
      await expect(page.getByRole('link', { name: 'S’abonner au flux' })).toBeVisible();
    });
  });
}

test('a member who picks a language keeps it in their account', async ({
  page,
  context,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  await signIn(context, baseURL ?? '', pbUrl, member.email, member.password);
  await page.goto('/changelog');
  const picker = page.getByTestId('language-picker');
  await picker.locator('summary').click();
  await picker.getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('更新情報');
  expect((await admin.collection('users').getOne(member.id))['locale']).toBe('ja');
  // The account now decides, even without the picker's cookie.
  await context.clearCookies({ name: 'chorus_lang' });
  await page.goto('/roadmap');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ロードマップ');
});

test('a cached page never shows the wrong language', async ({ request, admin }) => {
  const slug = `lang-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await admin.collection('boards').create({ name: `Board ${slug}`, slug, visibility: 'public' });
  const path = `/b/${slug}`;
  const german = { 'accept-language': 'de-DE,de;q=0.9' };
  const english = { 'accept-language': 'en-US,en;q=0.9' };
  const frenchCookie = { ...german, cookie: 'chorus_lang=fr' };
  try {
    await allowBrowserLanguage(admin, true);
    await expect.poll(async () => (await pageLanguage(request, path, german)).lang, { timeout: 15_000 }).toBe('de');
    await expect.poll(async () => (await pageLanguage(request, path, german)).cache, { timeout: 15_000 }).toBe('HIT');

    // The German copy is cached now: other languages must never be answered with it.
    const inEnglish = await pageLanguage(request, path, english);
    expect(inEnglish.lang).toBe('en');
    expect(inEnglish.contentLanguage).toBe('en');
    const picked = await pageLanguage(request, path, frenchCookie);
    expect(picked.lang).toBe('fr');
    expect(picked.body).toContain('Aucune idée pour l’instant.');
    for (let i = 0; i < 2; i++) {
      // The German copy is in the cache again (another test's write may have purged every board page by tag
      // meanwhile: the tests share one site), and the other languages still get their own.
      await expect.poll(async () => (await pageLanguage(request, path, german)).cache, { timeout: 15_000 }).toBe('HIT');
      expect((await pageLanguage(request, path, german)).lang).toBe('de');
      expect((await pageLanguage(request, path, english)).lang).toBe('en');
      expect((await pageLanguage(request, path, frenchCookie)).lang).toBe('fr');
    }

    // Once the browser may no longer choose, a German browser gets the site's language, cached or not.
    await allowBrowserLanguage(admin, false);
    await expect.poll(async () => (await pageLanguage(request, path, german)).lang, { timeout: 15_000 }).toBe('en');
    await expect.poll(async () => (await pageLanguage(request, path, german)).cache, { timeout: 15_000 }).toBe('HIT');
    expect((await pageLanguage(request, path, german)).lang).toBe('en');
    expect((await pageLanguage(request, path, frenchCookie)).lang).toBe('fr');
  } finally {
    await allowBrowserLanguage(admin, false);
  }
});

test('the idea page declares the idea’s language', async ({ page, admin }) => {
  const [board, author] = await Promise.all([
    admin.collection('boards').getFirstListItem('slug = "features"'),
    admin.collection('users').getFirstListItem('role = "member"'),
  ]);
  const japanese = await admin.collection('posts').create({
    board: board.id,
    author: author.id,
    title: unique('ダークモードに対応してほしい'),
    body: '夜に使うと画面が明るすぎます。',
    lang: 'ja',
    approved: true,
  });
  await page.goto(`/p/${japanese.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'ja');
  await expect(page.locator('.post .prose').first()).toHaveAttribute('lang', 'ja');

  const unknown = await admin.collection('posts').create({
    board: board.id,
    author: author.id,
    title: unique('An idea of unknown language'),
    body: 'Body.',
    approved: true,
  });
  await page.goto(`/p/${unknown.id}`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveAttribute('lang');
});

test('the changelog feed declares the site’s language', async ({ request }) => {
  const response = await request.get('/changelog/feed.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-language']).toBe('en');
  expect(await response.text()).toMatch(/<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom" xml:lang="en">/);
});

test.describe('the language form refuses bad input', () => {
  const post = (request: APIRequestContext, origin: string, body: string) =>
    request.post('/language', {
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      data: body,
      maxRedirects: 0,
    });

  test('an unknown code or a missing one is refused with 400 and sets no cookie', async ({ request, baseURL }) => {
    for (const body of ['locale=xx&next=%2Froadmap', 'locale=EN&next=%2F', 'next=%2Froadmap', '']) {
      const response = await post(request, baseURL ?? '', body);
      expect(response.status(), body).toBe(400);
      expect(response.headers()['set-cookie'], body).toBeUndefined();
    }
  });

  test('a hostile next sends the visitor home, the choice still saved', async ({ request, baseURL }) => {
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', '/..//evil.example']) {
      const response = await post(request, baseURL ?? '', `locale=de&next=${encodeURIComponent(next)}`);
      expect(response.status(), next).toBe(303);
      expect(response.headers()['location'], next).toBe('/');
      expect(response.headers()['set-cookie'], next).toMatch(
        /^chorus_lang=de; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/,
      );
    }
    const fine = await post(request, baseURL ?? '', 'locale=he&next=%2Froadmap%3Fa%3D1');
    expect(fine.status()).toBe(303);
    expect(fine.headers()['location']).toBe('/roadmap?a=1');
  });

  test('a cross-site post is refused', async ({ request }) => {
    const response = await post(request, 'https://evil.example', 'locale=de&next=%2F');
    expect(response.status()).toBe(403);
    expect(response.headers()['set-cookie']).toBeUndefined();
  });
});
