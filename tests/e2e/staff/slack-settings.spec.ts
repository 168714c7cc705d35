// Slack and every connection on the integrations page (issue 58), in the user's words: "an admin sees at one look which
// connections are set up, connects Slack by pasting the app's signing secret and bot token and copying the two
// request URLs into the Slack app, and the overview then says Slack is on, never showing a secret". (What Slack sends,
// its signature and the answers in the thread are tests/integration/feedback/slack.test.ts.)
import { expect, test } from '../fixtures';
import { openPage, signInContext } from '../ideas-helpers';

test('an admin sees every connection at one look, connects Slack, and never sees its secrets again', async ({
  page,
  pbUrl,
  baseURL,
  createMember,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const staff = await createMember({ role: 'admin', name: `Admin ${tag}` });
  await signInContext(page.context(), pbUrl, baseURL as string, staff);

  await openPage(page, '/admin/integrations');
  const overview = page.getByTestId('connections-overview');
  for (const name of [
    'Slack',
    'Zendesk',
    'Stripe',
    'HubSpot',
    'GitHub',
    'Linear',
    'Jira',
    'Webhooks',
    'Zapier, Make, n8n',
  ]) {
    await expect(overview.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  // Nothing has come from Slack on this stack (its states are the unit tests': tests/unit/connections-overview.test.ts).
  await expect(overview.getByRole('row', { name: /^Slack/ })).toContainText('None yet');

  const slack = page.getByTestId('slack-settings');
  await expect(slack.getByTestId('slack-interactivity-url')).toHaveText(/\/api\/chorus\/slack\/interactivity$/);
  await expect(slack.getByTestId('slack-events-url')).toHaveText(/\/api\/chorus\/slack\/events$/);
  await expect(slack.getByTestId('slack-last-event')).toHaveText('No message from Slack yet.');
  // A signing secret Slack never gives (its are hex): said under it, nothing typed lost.
  await slack.getByLabel('Signing secret').fill('not a slack secret!');
  await slack.getByLabel('Workspace id (T…)').fill('T0E2ESLACK');
  await slack.getByRole('button', { name: 'Save' }).click();
  await expect(slack.getByLabel('Signing secret')).toHaveAccessibleDescription(/This value is not valid\./);
  await expect(slack.getByLabel('Workspace id (T…)')).toHaveValue('T0E2ESLACK');
  await slack.getByLabel('Signing secret').fill('8f742231b10e8888abcd99eeeeee85a5');
  await slack.getByLabel('Bot token (xoxb-…)').fill('xoxb-e2e-stand-in-token-wxyz');
  await slack.getByRole('button', { name: 'Save' }).click();
  await expect(slack.getByTestId('slack-state')).toContainText('bot token …wxyz');
  await expect(slack.getByTestId('slack-state')).toContainText('signing secret set');
  await expect(slack.getByTestId('slack-state')).toContainText('Off');
  await expect(slack.getByLabel('Bot token (xoxb-…)')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('xoxb-e2e-stand-in-token-wxyz');

  // After a reload the overview says Slack is set up but off (nothing is captured until an admin switches it on).
  await openPage(page, '/admin/integrations');
  await expect(page.getByTestId('connections-overview').getByRole('row', { name: /^Slack/ })).toContainText('Off');
  await expect(page.getByTestId('slack-settings').getByLabel('Workspace id (T…)')).toHaveValue('T0E2ESLACK');
  await expect(page.locator('body')).not.toContainText('xoxb-e2e-stand-in-token-wxyz');
  // The overview's link leads to Slack's settings.
  await page.getByRole('link', { name: 'Set up Slack' }).click();
  await expect(page).toHaveURL(/#slack-title$/);
});
