// Companies from HubSpot (issue 58), in the user's words: "an admin connects HubSpot on the integrations page, then
// sees each company's owner and lifecycle stage from HubSpot and when they came, and accepts the revenue HubSpot offers
// for a company whose revenue they had typed". (What HubSpot sends, and its signature, is
// tests/integration/customers/hubspot.test.ts: here the companies are arranged as a webhook leaves them.)
import { expect, test } from '../fixtures';
import { openPage, signInContext } from '../ideas-helpers';

test('an admin connects HubSpot, sees the owner and stage it keeps and accepts the revenue it offers', async ({
  page,
  admin,
  pbUrl,
  baseURL,
  createMember,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const staff = await createMember({ role: 'admin', name: `Admin ${tag}` });
  await signInContext(page.context(), pbUrl, baseURL as string, staff);

  // Connect: the private app's token and the client secret, pasted once; the page shows only that they are set.
  await openPage(page, '/admin/integrations');
  const hubspot = page.getByTestId('hubspot-settings');
  await expect(hubspot.getByTestId('hubspot-endpoint')).toHaveText(/\/api\/chorus\/hubspot\/webhook$/);
  await hubspot.getByLabel('Access token').fill('pat-na1-e2e00000-1111-2222-3333-444444449876');
  await hubspot.getByLabel('Client secret').fill('e2e00000-aaaa-bbbb-cccc-dddddddddddd');
  await hubspot.getByRole('button', { name: 'Save' }).click();
  await expect(hubspot.getByTestId('hubspot-state')).toContainText('token pat-na1-…9876');
  await expect(hubspot.getByTestId('hubspot-state')).toContainText('client secret set');
  await expect(hubspot.getByLabel('Access token')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('e2e00000-aaaa-bbbb-cccc-dddddddddddd');

  // A company HubSpot keeps, and one whose revenue staff typed, with HubSpot's waiting beside it.
  const now = new Date().toISOString().replace('T', ' ');
  await admin.collection('companies').create({
    external_id: `hubspot:${tag}`,
    name: `Biglytics ${tag}`,
    domain: `biglytics-${tag}.test`,
    owner_name: 'Dana Seller',
    lifecycle_stage: 'customer',
    hubspot_at: now,
    monthly_revenue: 100_000,
    revenue_source: 'hubspot',
    revenue_at: now,
  });
  await admin.collection('companies').create({
    external_id: `acme-${tag}`,
    name: `Acme ${tag}`,
    monthly_revenue: 500,
    revenue_source: 'manual',
    revenue_at: now,
    pending_revenue: 10_000,
    pending_source: 'hubspot',
    pending_at: now,
  });
  await openPage(page, `/admin/companies?q=${tag}`);
  const biglytics = page.getByTestId('company-row').filter({ hasText: `Biglytics ${tag}` });
  await expect(biglytics).toContainText(`biglytics-${tag}.test`);
  await expect(biglytics.getByTestId('company-crm')).toContainText('HubSpot: Dana Seller · customer');
  await expect(biglytics.getByTestId('revenue-source')).toContainText('HubSpot');
  const acme = page.getByTestId('company-row').filter({ hasText: `Acme ${tag}` });
  await expect(acme.getByTestId('revenue-pending')).toContainText('HubSpot says $10,000');
  await acme.getByRole('button', { name: `Accept Acme ${tag}` }).click();
  await expect(acme.getByTestId('revenue-pending')).toHaveCount(0);
  await expect(acme.getByTestId('revenue-source')).toContainText('HubSpot');
  await openPage(page, `/admin/companies?q=${tag}`);
  await expect(page.getByTestId('company-row').filter({ hasText: `Acme ${tag}` })).toContainText('$10,000');
});
