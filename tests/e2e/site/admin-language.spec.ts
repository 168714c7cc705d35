// The site's languages, set by an admin: the default language signed-out visitors get, letting their
// browser's language choose, and the admin itself read in Hebrew, right to left, with no axe violations.
// The first stories change the whole site's language, so they run on a stack of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { freePorts } from '../../../tools/lib/ports.mjs';
import { startStack } from '../../../tools/lib/stack.mjs';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { signIn } from '../staff-helpers';

interface OwnSite {
  siteUrl: string;
  pbUrl: string;
  superuser: PocketBase;
  password: string;
  stop(): Promise<void>;
}

/** A new signed-out visitor (its browser asking for `locale`) opens the home page: its language. */
async function homeAs(browser: Browser, siteUrl: string, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const response = await page.goto(siteUrl);
  const seen = {
    lang: await page.locator('html').getAttribute('lang'),
    contentLanguage: response?.headers()['content-language'],
    vary: response?.headers().vary ?? '',
    skipLink: (await page.locator('.skip-link').textContent())?.trim(),
  };
  await context.close();
  return seen;
}

/** What a new visitor gets once a settings change has reached the edge: a change purges the cached pages by tag
 *  within Cloudflare's purge budget, so it shows within the staleness goal (docs: Edge cache), not at once. */
const untilHome = (browser: Browser, siteUrl: string, locale: string) =>
  expect.poll(() => homeAs(browser, siteUrl, locale), { timeout: 15_000, intervals: [250, 500, 1000] });

async function openSettingsAsAdmin(page: Page, site: OwnSite) {
  await signIn(page.context(), site.siteUrl, site.pbUrl, 'admin@example.com', site.password);
  await page.goto(`${site.siteUrl}/admin/settings`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
}

test.describe('on a site of its own', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let site: OwnSite;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-languages-'));
    const [sitePort, pbPort, smtpPort] = await freePorts(3);
    const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing', fromTemplate: true });
    const superuser = new PocketBase(stack.pbUrl);
    superuser.autoCancellation(false);
    await superuser.collection('_superusers').authWithPassword(stack.superuser.email, stack.superuser.password);
    site = {
      siteUrl: stack.siteUrl,
      pbUrl: stack.pbUrl ?? '',
      superuser,
      password: stack.demoPassword ?? '',
      stop: stack.stop,
    };
  });
  test.afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('an admin switches the site to German and a signed-out visitor sees German pages', async ({ page, browser }) => {
    expect(await homeAs(browser, site.siteUrl, 'en-US')).toMatchObject({ lang: 'en', skipLink: 'Skip to content' });
    await openSettingsAsAdmin(page, site);
    await page.getByLabel('Default language').selectOption({ label: 'Deutsch' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. Reload to see the new branding.')).toBeVisible();
    const record = await site.superuser.collection('site').getFirstListItem('');
    expect(record.default_locale).toBe('de');

    // The visitor's browser asks for English, but the admin has not let browsers choose: German.
    await untilHome(browser, site.siteUrl, 'en-US').toEqual({
      lang: 'de',
      contentLanguage: 'de',
      vary: expect.not.stringMatching(/accept-language/i),
      skipLink: 'Zum Inhalt springen',
    });
    // The admin has chosen no language of their own, so the admin pages follow the site too.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website-Einstellungen');
    await expect(page.getByLabel('Standardsprache')).toHaveValue('de');
  });

  test('an admin allows browser languages and a visitor with a Japanese browser gets Japanese', async ({
    page,
    browser,
  }) => {
    const record = await site.superuser.collection('site').getFirstListItem('');
    await site.superuser.collection('site').update(record.id, { default_locale: 'en', browser_locale: false });
    // Not allowed yet: a Japanese browser reads the site's English (and that page may now be cached).
    await untilHome(browser, site.siteUrl, 'ja-JP').toMatchObject({ lang: 'en', skipLink: 'Skip to content' });

    await openSettingsAsAdmin(page, site);
    const allow = page.getByLabel('Let visitors’ browser language choose');
    await expect(allow).not.toBeChecked();
    await expect(allow).toHaveAccessibleDescription(/A member’s own choice always wins\./);
    await allow.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. Reload to see the new branding.')).toBeVisible();
    expect((await site.superuser.collection('site').getOne(record.id)).browser_locale).toBe(true);

    await untilHome(browser, site.siteUrl, 'ja-JP').toEqual({
      lang: 'ja',
      contentLanguage: 'ja',
      vary: expect.stringMatching(/accept-language/i),
      skipLink: '本文へスキップ',
    });
    // A browser asking for a language Chorus lacks gets the site's default.
    expect(await homeAs(browser, site.siteUrl, 'fi-FI')).toMatchObject({ lang: 'en', contentLanguage: 'en' });
  });

  test('a default language that is not one of the 22 is refused next to the field', async ({ page }) => {
    const before = (await site.superuser.collection('site').getFirstListItem('')).default_locale;
    await openSettingsAsAdmin(page, site);
    // Only a tampered form can send it: add the option the way a hostile page script would.
    await page.locator('#site-default-locale').evaluate((select) => {
      const option = document.createElement('option');
      option.value = 'xx';
      option.textContent = 'Klingon';
      select.append(option);
    });
    await page.getByLabel('Default language').selectOption('xx');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const select = page.getByLabel('Default language');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#site-default-locale-error')).not.toBeEmpty();
    await expect(page.getByText('Saved. Reload to see the new branding.')).toHaveCount(0);
    expect((await site.superuser.collection('site').getFirstListItem('')).default_locale).toBe(before);
  });
});

const ADMIN_PAGES_IN_HEBREW = [
  ['/admin', 'תור הבדיקה'],
  ['/admin/changelog', 'יומן שינויים'],
  ['/admin/members', 'חברים'],
  ['/admin/boards', 'לוחות'],
  ['/admin/statuses', 'סטטוסים'],
  ['/admin/tags', 'תגיות'],
  ['/admin/webhooks', 'Webhooks'],
  ['/admin/api-keys', 'מפתחות API'],
  ['/admin/settings', 'הגדרות האתר'],
  ['/admin/widget', 'וידג׳ט והתחברות יחידה'],
] as const;

/** Signs a browser in as a new admin who chose Hebrew for themselves (the site stays English). */
async function signInAsHebrewAdmin({ context, baseURL, pbUrl, admin, createMember }: HebrewAdminSetup) {
  const hebrewAdmin = await createMember({ role: 'admin' });
  await admin.collection('users').update(hebrewAdmin.id, { locale: 'he' });
  await signIn(context, baseURL as string, pbUrl, hebrewAdmin.email, hebrewAdmin.password);
}
type HebrewAdminSetup = {
  context: BrowserContext;
  baseURL: string | undefined;
  pbUrl: string;
  admin: PocketBase;
  createMember: (fields: { role: string }) => Promise<{ id: string; email: string; password: string }>;
};

test.describe('the admin pages read in Hebrew, right to left, and pass axe with 0 violations', () => {
  test.describe.configure({ timeout: 120_000 });
  for (const [path, title] of ADMIN_PAGES_IN_HEBREW) {
    test(path, async ({ page, context, baseURL, pbUrl, admin, createMember }) => {
      await signInAsHebrewAdmin({ context, baseURL, pbUrl, admin, createMember });
      await page.goto(path);
      await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'he');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectNoAxeViolations(page, path);
    });
  }

  test('mirrored, not only marked: the navigation runs from the right, the islands speak Hebrew', async ({
    page,
    context,
    baseURL,
    pbUrl,
    admin,
    createMember,
  }) => {
    await signInAsHebrewAdmin({ context, baseURL, pbUrl, admin, createMember });
    await page.goto('/admin/settings');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'ניהול' });
    const first = await nav.getByRole('link', { name: 'תור', exact: true }).boundingBox();
    const second = await nav.getByRole('link', { name: 'יומן שינויים' }).boundingBox();
    expect(first && second && first.x > second.x).toBe(true);
    await expect(page.getByLabel('שפת ברירת המחדל')).toHaveValue('en');
    await expect(page.getByRole('button', { name: 'שמירת ההגדרות' })).toBeVisible();
  });
});

test('a moderator sees the idea page’s staff tools in their own language', async ({
  context,
  page,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const moderator = await createMember({ role: 'moderator' });
  await admin.collection('users').update(moderator.id, { locale: 'ar' });
  await signIn(context, baseURL as string, pbUrl, moderator.email, moderator.password);
  const idea = await admin.collection('posts').getFirstListItem('approved = true && merged_into = ""');
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const panel = page.getByTestId('staff-panel');
  await expect(panel.getByRole('heading', { name: 'الفريق' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'تحديث الحالة' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'التصويت نيابةً عن عميل' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
