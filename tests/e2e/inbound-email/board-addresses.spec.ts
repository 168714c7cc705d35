// An admin finds each board's address for ideas by email on /admin/boards: listed by board, readable on a phone
// without the page scrolling sideways, and free of axe violations.
import { expectPageHasNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn } from '../staff-helpers';

test('an admin reads each board’s inbound address on the boards page, on a phone too', async ({
  context,
  page,
  baseURL,
  pbUrl,
}) => {
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPageHasNoAxeViolations(page, '/admin/boards');
  await expect(page.getByRole('heading', { name: 'Ideas by email' })).toBeVisible();
  const addresses = page.getByTestId('inbound-addresses').locator('code');
  expect(await addresses.count()).toBeGreaterThan(0);
  for (const address of await addresses.allTextContents()) {
    expect(address).toMatch(/^b\.[a-z0-9]{15}\.[a-f0-9]{20}@inbound\.chorus\.localhost$/);
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});
