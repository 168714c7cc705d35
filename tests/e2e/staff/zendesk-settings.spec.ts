// Zendesk on the integrations page (issue 58), in the user's words: "an admin connects Zendesk: pastes the subdomain,
// the agent's email, an API token, the webhook's signing secret and the sidebar app's token, copies the webhook URL
// into Zendesk, finds the sidebar app to upload, and sees that the secrets are set, never the secrets themselves". (What Zendesk sends, its signature and the answers on the
// ticket are tests/integration/feedback/zendesk.test.ts.)
import { expect, test } from '../fixtures';
import { openPage, signInContext } from '../ideas-helpers';

test('an admin connects Zendesk and never sees its secrets again', async ({ page, pbUrl, baseURL, createMember }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const staff = await createMember({ role: 'admin', name: `Admin ${tag}` });
  await signInContext(page.context(), pbUrl, baseURL as string, staff);

  await openPage(page, '/admin/integrations');
  const zendesk = page.getByTestId('zendesk-settings');
  await expect(zendesk.getByTestId('zendesk-webhook')).toHaveText(/\/api\/chorus\/zendesk\/webhook$/);
  await expect(zendesk.getByTestId('zendesk-app-package')).toHaveText(/\/api\/chorus\/zendesk\/app\/package$/);
  await expect(zendesk.getByTestId('zendesk-state')).toContainText('no sidebar app token');
  await expect(zendesk.getByTestId('zendesk-last-event')).toHaveText('No ticket from Zendesk yet.');
  await zendesk.getByLabel('Subdomain (before .zendesk.com)').fill('acme');
  // An address the browser takes but Zendesk's API would not (no domain ending): said under it, nothing typed lost.
  await zendesk.getByLabel('Account email').fill('agent@acme');
  await zendesk.getByRole('button', { name: 'Save' }).click();
  await expect(zendesk.getByLabel('Account email')).toHaveAccessibleDescription('This value is not valid.');
  await expect(zendesk.getByLabel('Subdomain (before .zendesk.com)')).toHaveValue('acme');
  await expect(zendesk.getByLabel('Account email')).toHaveValue('agent@acme');
  await zendesk.getByLabel('Account email').fill('agent@acme.test');
  await zendesk.getByLabel('API token').fill('e2eStandInZendeskApiToken0000wxyz');
  await zendesk.getByLabel('Webhook signing secret').fill('ZTJlU3RhbmRJblNpZ25pbmdTZWNyZXQ=');
  await zendesk.getByLabel('Sidebar app token').fill('e2eSidebarAppToken_0123456789abcdefgh');
  await zendesk.getByLabel('As a public reply (otherwise as an internal note)').check();
  await zendesk.getByRole('button', { name: 'Save' }).click();
  await expect(zendesk.getByTestId('zendesk-state')).toContainText('API token …wxyz');
  await expect(zendesk.getByTestId('zendesk-state')).toContainText('signing secret set');
  await expect(zendesk.getByTestId('zendesk-state')).toContainText('sidebar app token set');
  await expect(zendesk.getByLabel('Sidebar app token')).toHaveValue('');
  await expect(zendesk.getByLabel('API token')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('ZTJlU3RhbmRJblNpZ25pbmdTZWNyZXQ=');

  // It holds after a reload: the server took it, and still shows no secret.
  await openPage(page, '/admin/integrations');
  const again = page.getByTestId('zendesk-settings');
  await expect(again.getByLabel('Subdomain (before .zendesk.com)')).toHaveValue('acme');
  await expect(again.getByLabel('As a public reply (otherwise as an internal note)')).toBeChecked();
  await expect(page.locator('body')).not.toContainText('e2eStandInZendeskApiToken0000wxyz');
  await expect(page.locator('body')).not.toContainText('e2eSidebarAppToken_0123456789abcdefgh');
});
