// A member's own language: picked in settings (saved to users.locale), then every page and island
// speaks it; the composer's refusals in German; a language outside the 22 refused by PocketBase.
import { expect, test } from '../fixtures';
import { createIdea, openPage, PNG_1X1, signInContext } from '../ideas-helpers';
import { unique } from '../staff-helpers';

test('a member who picks Japanese in settings gets Japanese pages, and their votes, comments and composer speak Japanese', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const author = await createMember();
  const ideaId = await createIdea(admin, { author: author.id, title: unique('Reading list export') });
  await signInContext(context, pbUrl, baseURL as string, member);

  await openPage(page, '/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The settings form's field (the footer has a language picker too).
  const language = page.getByRole('main').getByLabel('Language');
  await expect(language.locator('option')).toHaveText([
    'Site default',
    'English',
    'Deutsch',
    'Français',
    'Español',
    'Português (Brasil)',
    'Italiano',
    'Nederlands',
    'Svenska',
    'Polski',
    'Čeština',
    'Türkçe',
    'Русский',
    'Українська',
    'Tiếng Việt',
    'Bahasa Indonesia',
    '日本語',
    '한국어',
    '简体中文',
    '繁體中文',
    'العربية',
    'فارسی',
    'עברית',
  ]);
  await language.selectOption('ja');
  await page.getByRole('button', { name: 'Save settings' }).click();
  // The page reloads in the new language.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByRole('main').getByLabel('言語')).toHaveValue('ja');
  await expect(page.getByRole('button', { name: '設定を保存' })).toBeVisible();
  expect((await admin.collection('users').getOne(member.id)).locale).toBe('ja');

  await openPage(page, `/p/${ideaId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { name: 'コメント 0 件' })).toBeVisible();
  const vote = page.getByTestId('vote-button').first();
  await expect(vote).toHaveAccessibleName('投票、0 票');
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(vote).toHaveAccessibleName('投票、1 票');
  await expect.poll(async () => (await admin.collection('posts').getOne(ideaId)).vote_count).toBe(1);

  const box = page.getByPlaceholder('コメントを追加');
  await page.getByRole('button', { name: 'コメントする' }).click();
  await expect(page.getByText('まず何か書いてください。')).toBeVisible();
  await box.fill('ダークモードがほしいです');
  await page.getByRole('button', { name: 'コメントする' }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'ダークモードがほしいです' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'コメント 1 件' })).toBeVisible();
  await expect(page.getByRole('button', { name: '返信' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'フォロー中' })).toBeVisible();

  await openPage(page, '/b/features');
  await page.getByRole('button', { name: 'アイデアを共有' }).click();
  await page.getByRole('button', { name: 'アイデアを投稿' }).click();
  await expect(page.getByText('アイデアにタイトルを付けてください。')).toBeVisible();
  await expect(page.getByLabel('詳細（Markdown）')).toBeVisible();
});

test('the composer’s validation errors show in German', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  await admin.collection('users').update(member.id, { locale: 'de' });
  await signInContext(context, pbUrl, baseURL as string, member);
  await openPage(page, '/b/features');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('button', { name: 'Idee teilen' }).click();
  await page.getByLabel('Details (Markdown)').fill('Meine sorgfältig geschriebene Beschreibung.');
  await page.getByRole('button', { name: 'Idee veröffentlichen' }).click();
  await expect(page.getByText('Geben Sie Ihrer Idee einen Titel.')).toBeVisible();
  await expect(page.getByLabel('Titel')).toBeFocused();

  const long = 'x'.repeat(500);
  await page.getByLabel('Titel').fill(long);
  await page.getByRole('button', { name: 'Idee veröffentlichen' }).click();
  await expect(
    page.getByText('Titel dürfen höchstens 120 Zeichen lang sein; dieser hat 500. Kürzen Sie ihn etwas.'),
  ).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveValue(long);

  const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByLabel(/^Bilder/).setInputFiles([1, 2, 3, 4, 5, 6].map((n) => png(`shot-${n}.png`)));
  await expect(page.getByTestId('image-errors')).toHaveText(
    'shot-6.png wurde nicht hinzugefügt: Es können höchstens 5 Bilder angehängt werden.',
  );
  await expect(page.getByRole('img', { name: /^Anhang \d: shot-\d\.png$/ })).toHaveCount(5);
  await expect(page.getByLabel('Details (Markdown)')).toHaveValue('Meine sorgfältig geschriebene Beschreibung.');
});

test('a language outside the 22 is refused by PocketBase, and the member is told next to the field', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  await signInContext(context, pbUrl, baseURL as string, member);
  await openPage(page, '/settings');
  // The settings form's field (the footer has a language picker too).
  const language = page.getByRole('main').getByLabel('Language');
  // A tampered form: a code the select does not offer.
  await language.evaluate((select: HTMLSelectElement) => {
    select.add(new Option('Klingon', 'tlh'));
    select.value = 'tlh';
  });
  await page.getByRole('button', { name: 'Save settings' }).click();
  // Described by its hint and then the message.
  await expect(language).toHaveAccessibleDescription(/Pick one of the offered choices\.$/);
  await expect(language).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await admin.collection('users').getOne(member.id)).locale).toBe('');
});
