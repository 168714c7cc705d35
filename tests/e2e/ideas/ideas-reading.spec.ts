// Reading ideas works without JavaScript, links are plain, and the pages pass axe.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, PNG_1X1, signInContext } from '../ideas-helpers';

test('a visitor browses, sorts, filters and searches ideas', async ({ page }) => {
  await page.goto('/b/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Feature requests' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sort ideas' }).getByRole('link', { name: 'Top' }).click();
  await expect(page).toHaveURL(/sort=top/);
  const first = page.locator('.post-card').first();
  await expect(first.getByTestId('vote-count')).toHaveText('6');
  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Status').selectOption('planned');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=planned/);
  await expect(page.locator('.post-card .status-pill').first()).toHaveText('Planned');
  await page.getByLabel('Search ideas').fill('backlink');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.locator('.post-card').first()).toContainText('Backlinks panel for every note');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('an idea reads fully and slug links redirect to the canonical address', async ({ page, admin }) => {
    const post = await admin
      .collection('posts')
      .getFirstListItem('title = "Dark mode that follows the system setting"');
    const response = await page.goto(`/p/${post.id}-dark-mode`);
    expect(response?.url()).toMatch(new RegExp(`/p/${post.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dark mode that follows the system setting' }),
    ).toBeVisible();
    await expect(page.getByText('We are on it: the editor and sidebar are done')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Tomás García' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/p/${post.id}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /thumb=/);
    await page.goto('/?sort=new');
    await expect(page.locator('.post-card')).toHaveCount(20);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2');
    await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();
    // Past the last idea: no cards, a plain sentence, and the way back.
    await page.goto('/?sort=new&page=99');
    await expect(page.locator('.post-card')).toHaveCount(0);
    await expect(page.getByText('No more ideas here.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', /page=98/);
  });
});

for (const path of ['/', '/b/features']) {
  test(`axe finds no WCAG 2.2 AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  });
}

test('axe finds no WCAG 2.2 AA violations on an idea page', async ({ page, admin }) => {
  const post = await admin.collection('posts').getFirstListItem('title = "Dark mode that follows the system setting"');
  await page.goto(`/p/${post.id}`);
  await expectNoAxeViolations(page);
});

test('a member lists their own ideas and the ideas they voted for', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const mine = await createIdea(admin, { author: member.id, title: 'An idea of my own' });
  const other = await createIdea(admin, { author: (await createMember()).id, title: 'An idea I voted for' });
  await admin.collection('votes').create({ post: other, user: member.id });
  await signInContext(context, pbUrl, baseURL as string, member);
  await page.goto('/b/features?mine=1');
  await expect(page.locator('.post-card')).toHaveCount(1);
  await expect(page.locator(`[data-post="${mine}"]`)).toBeVisible();
  await page.goto('/?voted=1');
  await expect(page.locator('.post-card')).toHaveCount(1);
  await expect(page.locator(`[data-post="${other}"]`)).toBeVisible();
});

test('a visitor asking for their own ideas is invited to sign in', async ({ page }) => {
  await page.goto('/b/features?mine=1');
  await expect(page.getByText('to see your ideas and the ideas you voted for')).toBeVisible();
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test('axe finds no WCAG 2.2 AA violations on a board and an idea', async ({ page, admin }) => {
    const post = await admin
      .collection('posts')
      .getFirstListItem('title = "Dark mode that follows the system setting"');
    for (const path of ['/b/features', `/p/${post.id}`]) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
  });
});

test('axe finds no violations for a signed-in member with the composer open and on an idea', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  await signInContext(context, pbUrl, baseURL as string, member);
  await page.goto('/b/features');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByRole('button', { name: 'Share an idea' }).click();
  await page.getByLabel('Title').fill('dark');
  await page.getByRole('button', { name: 'Post idea' }).waitFor();
  await expectNoAxeViolations(page);
  const post = await admin.collection('posts').getFirstListItem('title = "Dark mode that follows the system setting"');
  await page.goto(`/p/${post.id}`);
  await expect(page.getByLabel('Add a comment')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an idea’s first image is fetched at once and first; the others wait until scrolled near', async ({
  page,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Two screenshots attached' });
  const png = (name: string) => new File([PNG_1X1], name, { type: 'image/png' });
  await admin.collection('posts').update(id, { images: [png('first.png'), png('second.png')] });
  await page.goto(`/p/${id}`);
  const images = page.getByRole('list', { name: 'Images' }).getByRole('img');
  await expect(images).toHaveCount(2);
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});
