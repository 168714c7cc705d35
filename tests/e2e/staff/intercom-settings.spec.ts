// Intercom on the integrations page (issue 58), in the user's words: "an admin connects Intercom: picks the region,
// pastes the workspace id, the teammate the answers are written as, the app's access token and client secret, copies
// the webhook URL (and the inbox app's two URLs) into the Intercom app, and sees that both secrets are set, never the
// secrets themselves". (What Intercom sends, its signature and the answers in the conversation are
// tests/integration/feedback/intercom.test.ts; the inbox app, tests/integration/feedback/intercom-canvas.test.ts.)
import { expect, test } from '../fixtures';
import { openPage, signInContext } from '../ideas-helpers';

test('an admin connects Intercom and never sees its secrets again', async ({ page, pbUrl, baseURL, createMember }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const staff = await createMember({ role: 'admin', name: `Admin ${tag}` });
  await signInContext(page.context(), pbUrl, baseURL as string, staff);

  await openPage(page, '/admin/integrations');
  const intercom = page.getByTestId('intercom-settings');
  await expect(intercom.getByTestId('intercom-webhook')).toHaveText(/\/api\/chorus\/intercom\/webhook$/);
  // The inbox app's two addresses, for its Canvas Kit page in the Developer Hub.
  await expect(intercom.getByTestId('intercom-canvas-initialize')).toHaveText(
    /\/api\/chorus\/intercom\/canvas\/initialize$/,
  );
  await expect(intercom.getByTestId('intercom-canvas-submit')).toHaveText(/\/api\/chorus\/intercom\/canvas\/submit$/);
  await expect(intercom.getByTestId('intercom-last-event')).toHaveText('No conversation from Intercom yet.');
  await intercom.getByLabel("Region (the API's address)").selectOption('api.eu.intercom.io');
  await intercom.getByLabel("Workspace ID (in your Intercom inbox's address)").fill('ab12cd34');
  await intercom.getByLabel('Teammate ID the answers are written as').fill('814860');
  // A tag the browser takes but Chorus would not match safely: said under it, nothing typed lost.
  await intercom.getByLabel('Capture tag', { exact: true }).fill('feed<back>');
  await intercom.getByRole('button', { name: 'Save' }).click();
  await expect(intercom.getByLabel('Capture tag', { exact: true })).toHaveAccessibleDescription(
    'This value is not valid.',
  );
  await expect(intercom.getByLabel("Workspace ID (in your Intercom inbox's address)")).toHaveValue('ab12cd34');
  await intercom.getByLabel('Capture tag', { exact: true }).fill('Feature request');
  await intercom.getByLabel('Access token').fill('dG9rOmUyZVN0YW5kSW5JbnRlcmNvbVRva2VuOjE6MA==wxyz');
  await intercom.getByLabel('Client secret').fill('e2eStandInIntercomClientSecret00');
  await intercom.getByLabel('As a reply the customer sees (otherwise as an internal note)').check();
  await intercom.getByRole('button', { name: 'Save' }).click();
  await expect(intercom.getByTestId('intercom-state')).toContainText('Access token …wxyz');
  await expect(intercom.getByTestId('intercom-state')).toContainText('client secret set');
  await expect(intercom.getByLabel('Access token')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('e2eStandInIntercomClientSecret00');

  // It holds after a reload: the server took it, and still shows no secret.
  await openPage(page, '/admin/integrations');
  const again = page.getByTestId('intercom-settings');
  await expect(again.getByLabel("Region (the API's address)")).toHaveValue('eu');
  await expect(again.getByLabel('Capture tag', { exact: true })).toHaveValue('Feature request');
  await expect(again.getByLabel('As a reply the customer sees (otherwise as an internal note)')).toBeChecked();
  await expect(page.locator('body')).not.toContainText('dG9rOmUyZVN0YW5kSW5JbnRlcmNvbVRva2VuOjE6MA==wxyz');
});
