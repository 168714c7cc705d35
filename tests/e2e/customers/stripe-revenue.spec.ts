// Revenue from Stripe (issue 58), in the user's words: "an admin connects Stripe on the integrations page, then sees
// which companies' revenue came from Stripe and when, and accepts the value Stripe offers for a company whose revenue
// they had typed". (What Stripe sends, and its signature, is tests/integration/customers/stripe.test.ts: here the
// company is arranged as a webhook leaves it.)
import { expect, test } from '../fixtures';
import { openPage, signInContext } from '../ideas-helpers';

test('an admin connects Stripe, sees the revenue Stripe gave and accepts the value it offers', async ({
  page,
  admin,
  pbUrl,
  baseURL,
  createMember,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const staff = await createMember({ role: 'admin', name: `Admin ${tag}` });
  await signInContext(page.context(), pbUrl, baseURL as string, staff);

  // Connect: the key and the signing secret, pasted once; the page shows only that they are set.
  await openPage(page, '/admin/integrations');
  const stripe = page.getByTestId('stripe-settings');
  await expect(stripe.getByTestId('stripe-endpoint')).toHaveText(/\/api\/chorus\/stripe\/webhook$/);
  await stripe.getByLabel('Restricted key').fill('rk_test_e2eStandInRestrictedKey1234');
  await stripe.getByLabel('Signing secret (whsec_…)').fill('whsec_e2eStandInSigningSecret0000');
  await stripe.getByRole('button', { name: 'Save' }).click();
  await expect(stripe.getByTestId('stripe-state')).toContainText('key rk_test_…1234');
  await expect(stripe.getByTestId('stripe-state')).toContainText('signing secret set');
  await expect(stripe.getByLabel('Restricted key')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('whsec_e2eStandInSigningSecret0000');

  // One company's revenue came from Stripe; another's was typed by staff, and Stripe offers more.
  const now = new Date().toISOString().replace('T', ' ');
  await admin.collection('companies').create({
    external_id: `acme-${tag}`,
    name: `Acme ${tag}`,
    monthly_revenue: 160,
    revenue_source: 'stripe',
    revenue_at: now,
  });
  await admin.collection('companies').create({
    external_id: `globex-${tag}`,
    name: `Globex ${tag}`,
    monthly_revenue: 500,
    revenue_source: 'manual',
    revenue_at: now,
    pending_revenue: 900,
    pending_source: 'stripe',
    pending_at: now,
  });
  await openPage(page, `/admin/companies?q=${tag}`);
  const acme = page.getByTestId('company-row').filter({ hasText: `Acme ${tag}` });
  await expect(acme.getByTestId('revenue-source')).toContainText('Stripe');
  const globex = page.getByTestId('company-row').filter({ hasText: `Globex ${tag}` });
  await expect(globex).toContainText('$500');
  await expect(globex.getByTestId('revenue-source')).toContainText('Typed by staff');
  await expect(globex.getByTestId('revenue-pending')).toContainText('Stripe says $900');
  await globex.getByRole('button', { name: `Accept Globex ${tag}` }).click();
  await expect(globex.getByTestId('revenue-pending')).toHaveCount(0);
  await expect(globex).toContainText('$900');
  await expect(globex.getByTestId('revenue-source')).toContainText('Stripe');
  // It holds after a reload: the server took it.
  await openPage(page, `/admin/companies?q=${tag}`);
  await expect(page.getByTestId('company-row').filter({ hasText: `Globex ${tag}` })).toContainText('$900');
});
