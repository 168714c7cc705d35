// Staff insight in the user's words: a moderator opens Insights and reads the weekly ideas chart and its table, and
// downloads the CSV; sees what someone searched for and did not find; members and visitors are kept out.
import { readFile } from 'node:fs/promises';
import { overflowsOf } from '../accessibility/overflow';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('a moderator opens Insights and reads the weekly ideas chart and its table, and downloads the CSV', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  test.setTimeout(120_000);
  const member = await createMember();
  await createIdea(admin, member.id, unique('Weekly report by email'));
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const page = await context.newPage();

  // Someone searches the board for a word no idea has.
  const nothing = `qwzx${Date.now().toString(36)}`;
  await page.goto(`/?q=${nothing}`);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  // The chart is a picture with a summary; the numbers behind it are a table folded under it.
  const chart = page.getByRole('figure', { name: 'New ideas per week' });
  await expect(chart.getByRole('img', { name: /^New ideas per week: \d+ in all from/ })).toBeVisible();
  const table = chart.getByRole('table', { name: 'New ideas per week' });
  await expect(table).toBeHidden();
  await chart.getByText('Numbers behind the chart').click();
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  const thisWeek = Number(await rows.last().locator('td').last().textContent());
  expect(thisWeek).toBeGreaterThanOrEqual(1);

  // The same numbers as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    chart.getByRole('link', { name: 'Download New ideas per week (CSV)' }).click(),
  ]);
  const lines = (await readFile((await download.path()) as string, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('chart,key,label,value');
  expect(lines).toHaveLength(13);
  expect(lines.slice(1).every((line) => line.startsWith('ideas,'))).toBe(true);
  expect(Number(lines[12]?.split(',')[3])).toBeGreaterThanOrEqual(thisWeek);

  // What was searched for and not found.
  const searches = page.getByRole('region', { name: 'What people searched for and did not find' });
  await expect(searches.getByRole('cell', { name: nothing, exact: true })).toBeVisible();

  // Half a year instead of a quarter.
  await page.getByLabel('Weeks', { exact: true }).selectOption({ label: 'Last 26 weeks' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/weeks=26/);
  await page.getByRole('figure', { name: 'New ideas per week' }).getByText('Numbers behind the chart').click();
  await expect(
    page.getByRole('figure', { name: 'New ideas per week' }).getByRole('table').locator('tbody tr'),
  ).toHaveCount(26);
  await expectNoAxeViolations(page, '/admin/insights');
  await context.close();
});

test('members get a 404 from Insights and its CSV, and visitors are asked to sign in', async ({
  page,
  context,
  baseURL,
  pbUrl,
  createMember,
}) => {
  await page.goto('/admin/insights');
  expect(new URL(page.url()).pathname).toBe('/signin');
  expect((await page.request.get('/admin/insights.csv')).status()).toBe(404);
  const member = await createMember();
  await signIn(context, baseURL as string, pbUrl, member.email, member.password);
  expect((await page.goto('/admin/insights'))?.status()).toBe(404);
  expect((await page.request.get('/admin/insights.csv?chart=ideas')).status()).toBe(404);
});

test('on a phone in Arabic and in Japanese, dark, Insights with every table opened fits the screen and passes axe', async ({
  browser,
  baseURL,
  pbUrl,
}) => {
  test.setTimeout(120_000);
  for (const lang of ['ar', 'ja']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await context.addCookies([{ name: 'chorus_lang', value: lang, url: baseURL as string }]);
    await signIn(context, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
    const page = await context.newPage();
    await page.goto('/admin/insights?weeks=26');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(await overflowsOf(page), `/admin/insights in ${lang}`).toEqual([]);
    await expectNoAxeViolations(page, `/admin/insights (${lang}, phone, dark)`);
    await context.close();
  }
});
