// Jira Cloud, both ways, in a real browser against the built site in workerd (issue #39): an admin connects a Jira
// project on /admin/integrations (a bad site address refused by its field first), a moderator links an idea to a
// new Jira issue from the idea page, and when the issue moves in Jira (an event signed with the secret the admin
// was shown) the voter sees the idea follow live; a forged event changes nothing. A local Jira speaks REST v3 as
// recorded from Atlassian's published description (tests/support/jira-server.ts).
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { deliverJiraEvent, startJiraServer } from '../../support/jira-server';
import { expect, test } from '../fixtures';
import { withOwnStack } from '../own-stack';
import { reloadUntilShown } from '../purge-goal';
import { chooseUntilShown, signIn } from '../staff-helpers';

const PASSWORD = 'a-long-password-123';
const EMAIL = 'bot@acme.example';
const TOKEN = 'ATATT3xFfGF0-e2e-token';

test('an admin connects Jira and a moderator links an idea to a new Jira issue; when it is closed in Jira the voters see the idea become Done live; a forged event changes nothing', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const jira = await startJiraServer({ email: EMAIL, token: TOKEN, projectKey: 'ENG' });
  try {
    await withOwnStack(
      async (stack) => {
        const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
        const make = (email: string, name: string, role: string) =>
          admin
            .collection('users')
            .create({ email, name, role, password: PASSWORD, passwordConfirm: PASSWORD, verified: true });
        const owner = await make('owner@example.com', 'Ada Admin', 'admin');
        const moderator = await make('moderator@example.com', 'Mo Derator', 'moderator');
        const voter = await make('voter@example.com', 'Vera Voter', 'member');
        const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
        const idea = await admin.collection('posts').create({
          board: board.id,
          author: voter.id,
          title: 'Dark mode for reports',
          body: 'Please.',
          approved: true,
        });
        await admin.collection('votes').create({ post: idea.id, user: voter.id });

        // The admin connects the project.
        const adminContext = await browser.newContext();
        await signIn(adminContext, stack.siteUrl as string, stack.pbUrl as string, owner.email, PASSWORD);
        const page = await adminContext.newPage();
        await page.goto(`${stack.siteUrl}/admin/integrations`);
        await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        // The tracker's own form: the integrations page also holds Zendesk's, with an account email and a token too.
        const connect = page.getByRole('form', { name: 'Connect a tracker' });
        await chooseUntilShown(
          connect.getByRole('combobox', { name: 'Tracker' }),
          'jira',
          connect.getByLabel('Jira site'),
        );
        await connect.getByLabel('Name', { exact: true }).fill('Engineering');
        await connect.getByLabel('Jira site').fill('https://acme.atlassian.net/jira/software/projects');
        await connect.getByLabel('Project key').fill('ENG');
        await connect.getByLabel('Account email').fill(EMAIL);
        await connect.getByLabel('API token').fill(TOKEN);
        await connect.getByRole('button', { name: 'Connect', exact: true }).click();
        // A site address with a path is refused by its field, and nothing is half made.
        await expect(connect.getByLabel('Jira site')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText('Enter a web address like https://example.com.')).toBeVisible();
        expect(await admin.collection('tracker_connections').getFullList()).toHaveLength(0);
        await expect(connect.getByLabel('API token')).toHaveValue(TOKEN);
        await connect.getByLabel('Jira site').fill('https://acme.atlassian.net');
        const connectedAt = Date.now();
        await connect.getByRole('button', { name: 'Connect', exact: true }).click();
        const card = page.getByTestId('integration').filter({ hasText: 'Engineering' });
        await expect(card).toBeVisible();
        await expect(card.getByRole('heading')).toHaveText('Engineering (Jira ENG)');
        const secret = (await card.getByTestId('integration-secret').locator('code').textContent()) ?? '';
        expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);
        const [connection] = await admin.collection('tracker_connections').getFullList();
        const address = `${stack.siteUrl}/integrations/jira/${connection?.id}`;
        await expect(card.getByTestId('webhook-address')).toHaveText(address);
        await card.getByRole('button', { name: 'Fetch states' }).click();
        await card.getByLabel('Status for Closed', { exact: true }).selectOption({ label: 'Done' });
        await card.getByLabel('Status for Any status in In Progress').selectOption({ label: 'In progress' });
        await card.getByRole('button', { name: 'Save the mapping' }).click();
        await expect(page.getByText('Saved.')).toBeVisible();
        await card.getByLabel('On', { exact: true }).click();
        await expect
          .poll(async () => (await admin.collection('tracker_connections').getOne(connection?.id as string)).active)
          .toBe(true);
        const stored = await admin.collection('tracker_connections').getOne(connection?.id as string);
        expect(stored).toMatchObject({ account_email: EMAIL, token: TOKEN, webhook_secret: secret });
        // Nothing secret reached the admin's browser after the one showing of the webhook secret.
        await page.reload();
        await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        expect(await page.content()).not.toContain(TOKEN);
        expect(await page.content()).not.toContain(EMAIL);
        expect(await page.content()).not.toContain(secret);
        await adminContext.close();

        // A moderator creates the issue from the idea page.
        const staffContext = await browser.newContext();
        await signIn(staffContext, stack.siteUrl as string, stack.pbUrl as string, moderator.email, PASSWORD);
        const staffPage = await staffContext.newPage();
        await staffPage.goto(`${stack.siteUrl}/p/${idea.id}`);
        await expect(staffPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        const panel = staffPage.getByTestId('staff-trackers');
        await panel.getByRole('button', { name: 'Create an issue in Engineering' }).click();
        await expect(panel.getByTestId('tracker-link')).toContainText('ENG-1 Dark mode for reports');
        await expect(panel.getByTestId('tracker-link')).toContainText('To Do');
        await expect(panel.getByRole('link', { name: /ENG-1/ })).toHaveAttribute(
          'href',
          'https://acme.atlassian.net/browse/ENG-1',
        );
        expect(JSON.stringify(jira.find('ENG-1')?.description)).toContain(`/p/${idea.id}`);
        // A key of another project is refused where it was typed.
        await panel.getByLabel('Existing issue').fill('OPS-7');
        await panel.getByRole('button', { name: 'Link', exact: true }).click();
        await expect(staffPage.getByText('Give the issue as its number, key (ENG-12)', { exact: false })).toBeVisible();
        await expect(panel.getByTestId('tracker-link')).toHaveCount(1);

        const voterContext = await browser.newContext();
        await signIn(voterContext, stack.siteUrl as string, stack.pbUrl as string, voter.email, PASSWORD);
        const voterPage = await voterContext.newPage();
        await voterPage.goto(`${stack.siteUrl}/p/${idea.id}`);
        await expect(voterPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        await expect(voterPage.getByTestId('staff-trackers')).toHaveCount(0);

        const forged = await deliverJiraEvent(address, 'not-the-secret', jira.move('ENG-1', 'Closed'));
        expect(forged.status).toBe(401);
        await voterPage.waitForTimeout(1000);
        await expect(voterPage.locator('.idea-header, main').getByText('Done', { exact: true })).toHaveCount(0);

        const sentAt = Date.now();
        const delivered = await deliverJiraEvent(address, secret, jira.move('ENG-1', 'Closed'));
        expect(delivered.status).toBe(200);
        await expect(voterPage.locator('main .status-pill').first()).toHaveText('Done', { timeout: 15_000 });
        const shownAt = Date.now();
        console.log(
          `Jira e2e: event delivered → voter sees Done ${shownAt - sentAt} ms; "Connect" pressed → first synced change shown ${shownAt - connectedAt} ms (with the admin's and moderator's steps in between)`,
        );
        // A plain member's idea page is the member audience's cached copy: it shows the change once its purge lands.
        await reloadUntilShown(
          voterPage,
          voterPage.locator('.official-response'),
          'Jira (ENG) issue ENG-1 is now Closed.',
        );
        await staffContext.close();
        await voterContext.close();
      },
      { pocketbaseEnv: { CHORUS_JIRA_API_URL: jira.url } },
    );
  } finally {
    await jira.close();
  }
});
