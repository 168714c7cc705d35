// The customer behind every vote (issue #24), in the user's words: "an admin uploads companies, a customer
// identified by the app votes, and staff see the idea's revenue rise live".
import { signIdentifyToken } from '../../support/identify-tokens';
import { expectPageHasNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, openPage, signInContext } from '../ideas-helpers';
import { startWidgetStory } from '../widget-support';

// Waiting for another worker's widget story (it holds the SSO settings) counts against the test's time.
test.describe.configure({ timeout: 150_000 });

test("an admin uploads companies, a customer identified by the app votes, and staff see the idea's revenue rise live", async ({
  page,
  browser,
  admin,
  pbUrl,
  baseURL,
  createMember,
}) => {
  test.setTimeout(150_000); // an upload, two browsers and a live update
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const staff = await createMember({ role: 'admin', name: `Admin ${tag}` });
  await signInContext(page.context(), pbUrl, baseURL as string, staff);

  // The admin uploads companies as CSV; a bad line first, named by its line number, imports nothing.
  await openPage(page, '/admin/companies');
  const upload = async (csv: string) => {
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload' }).click();
  };
  await upload(
    `id,name,plan,monthly_revenue\nglobex-${tag},Globex ${tag},Enterprise,12000\ninitech-${tag},Initech ${tag},Starter,$90\n`,
  );
  await expect(page.getByTestId('import-problems')).toContainText('Line 3: monthly_revenue must be a plain number');
  await upload(
    `id,name,plan,monthly_revenue\nglobex-${tag},Globex ${tag},Enterprise,12000\ninitech-${tag},Initech ${tag},Starter,90\n`,
  );
  await page.getByLabel('Search companies by name or id').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const globex = page.getByTestId('company-row').filter({ hasText: `Globex ${tag}` });
  await expect(globex).toContainText('Enterprise');
  await expect(globex).toContainText('$12,000');

  // Staff keep the idea open.
  const author = await createMember();
  const id = await createIdea(admin, { author: author.id, title: `Worth it ${tag}` });
  await openPage(page, `/p/${id}`);
  const worth = page.getByTestId('staff-worth');
  await expect(worth.getByTestId('idea-revenue')).toHaveText('$0');

  // The customer arrives from the app, identified with their company, and votes.
  const host = await startWidgetStory(admin, baseURL ?? '');
  const customer = await browser.newContext({ baseURL: baseURL as string });
  try {
    const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    const token = await signIdentifyToken(secret, {
      sub: `app-${tag}`,
      email: `customer-${tag}@example.com`,
      name: `Customer ${tag}`,
      company: { id: `globex-${tag}`, name: `Globex ${tag}` },
      attributes: { seats: 40 },
    });
    const customerPage = await customer.newPage();
    await customerPage.goto(`/sso?token=${token}&next=${encodeURIComponent(`/p/${id}`)}`);
    // A link that did not start in this browser asks first (login CSRF): the customer continues.
    await customerPage.getByRole('button', { name: `Continue as customer-${tag}@example.com` }).click();
    await expect(customerPage).toHaveURL(new RegExp(`/p/${id}`));
    await expect(customerPage.getByRole('banner').getByText(`Customer ${tag}`)).toBeVisible();
    await expect(customerPage.getByTestId('staff-worth')).toHaveCount(0);
    await expect(customerPage.locator('body')).not.toContainText('12,000');
    await customerPage.getByTestId('vote-button').click();
    await expect(customerPage.getByTestId('vote-count')).toHaveText('1');
  } finally {
    await customer.close();
    await host.stop();
  }

  // Staff see the revenue rise without reloading, with the plan and the company that wants it.
  await expect(worth.getByTestId('idea-revenue')).toHaveText('$12,000');
  await expect(worth.getByTestId('plan-row').filter({ hasText: 'Enterprise' })).toContainText('$12,000');
  await expect(worth.getByTestId('voter-companies')).toContainText(`Globex ${tag}`);
  // And on the staff list's card.
  await openPage(page, `/b/features?q=${encodeURIComponent(`Worth it ${tag}`)}`);
  await expect(page.locator('.post-card', { hasText: `Worth it ${tag}` }).getByTestId('card-revenue')).toHaveText(
    '$12,000/mo',
  );

  // What staff read is readable by everyone on the team: no axe violations on either page.
  await expectPageHasNoAxeViolations(page, `/p/${id}`);
  await expectPageHasNoAxeViolations(page, '/admin/companies');
});
