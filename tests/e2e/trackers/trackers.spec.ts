// GitHub Issues and Linear, both ways, in a real browser against the built site in workerd (issue #26), with
// local GitHub and Linear servers speaking their documented protocols (tests/support/*-server.ts) and events
// signed as each tracker signs them, delivered to the site's public address.
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { deliverGitHubEvent, startGitHubServer } from '../../support/github-server';
import { deliverLinearEvent, LINEAR_STATES, startLinearServer } from '../../support/linear-server';
import { expect, test } from '../fixtures';
import { withOwnStack } from '../own-stack';
import { reloadUntilShown } from '../purge-goal';
import { chooseUntilShown, signIn } from '../staff-helpers';

const PASSWORD = 'a-long-password-123';
const GITHUB_TOKEN = 'github_pat_e2e0token';
const LINEAR_KEY = 'lin_api_e2e0key';
const TEAM_ID = '5b0c1f7e-0000-4000-8000-0000000000e2';

async function people(admin: Awaited<ReturnType<typeof connectAsSuperuser>>) {
  const make = (email: string, name: string, role: string) =>
    admin
      .collection('users')
      .create({ email, name, role, password: PASSWORD, passwordConfirm: PASSWORD, verified: true });
  return {
    moderator: await make('moderator@example.com', 'Mo Derator', 'moderator'),
    voter: await make('voter@example.com', 'Vera Voter', 'member'),
  };
}

test('staff create a GitHub issue from an idea; the issue is closed; the idea’s voters see it become Done live and get an email; a forged event changes nothing', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const github = await startGitHubServer({ token: GITHUB_TOKEN, repository: 'acme/app' });
  try {
    await withOwnStack(
      async (stack) => {
        const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
        const { moderator, voter } = await people(admin);
        const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
        const done = await admin.collection('statuses').getFirstListItem('slug = "done"');
        const idea = await admin.collection('posts').create({
          board: board.id,
          author: voter.id,
          title: 'Dark mode for reports',
          body: 'Please.',
          approved: true,
        });
        await admin.collection('votes').create({ post: idea.id, user: voter.id });
        const repo = await admin.collection('tracker_connections').create({
          provider: 'github',
          name: 'App repository',
          repository: 'acme/app',
          token: GITHUB_TOKEN,
          webhook_secret: 'e2e-github-secret',
          active: true,
          // as "Fetch states" on /admin/integrations stores them
          states: [
            { key: 'open', name: 'Open' },
            { key: 'closed:completed', name: 'Closed as completed' },
          ],
          state_map: { 'closed:completed': done.id },
        });

        const staffContext = await browser.newContext();
        await signIn(staffContext, stack.siteUrl as string, stack.pbUrl as string, moderator.email, PASSWORD);
        const staffPage = await staffContext.newPage();
        await staffPage.goto(`${stack.siteUrl}/p/${idea.id}`);
        await expect(staffPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        const panel = staffPage.getByTestId('staff-trackers');
        await panel.getByRole('button', { name: 'Create an issue in App repository' }).click();
        await expect(panel.getByTestId('tracker-link')).toContainText('#1 Dark mode for reports');
        await expect(panel.getByTestId('tracker-link')).toContainText('Open');
        expect(github.issues.get(1)?.body).toContain(`/p/${idea.id}`);

        const voterContext = await browser.newContext();
        await signIn(voterContext, stack.siteUrl as string, stack.pbUrl as string, voter.email, PASSWORD);
        const voterPage = await voterContext.newPage();
        await voterPage.goto(`${stack.siteUrl}/p/${idea.id}`);
        await expect(voterPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        // The staff panel is for staff only: the voter's page has none of it.
        await expect(voterPage.getByTestId('staff-trackers')).toHaveCount(0);

        const address = `${stack.siteUrl}/integrations/github/${repo.id}`;
        const forged = await deliverGitHubEvent(address, 'not-the-secret', github.change(1, 'closed'));
        expect(forged.status).toBe(401);
        await voterPage.waitForTimeout(1000);
        await expect(voterPage.locator('.idea-header, main').getByText('Done', { exact: true })).toHaveCount(0);

        const delivered = await deliverGitHubEvent(address, 'e2e-github-secret', github.change(1, 'closed'));
        expect(delivered.status).toBe(200);
        await expect(voterPage.locator('main .status-pill').first()).toHaveText('Done', { timeout: 15_000 });
        // A plain member's idea page is the member audience's cached copy: it shows the change once its purge lands.
        await reloadUntilShown(
          voterPage,
          voterPage.locator('.official-response'),
          'GitHub (acme/app) issue #1 is now Closed as completed.',
        );
        const email = await stack.mail?.waitFor(
          (m: { to: string; text: string }) => m.to.includes(voter.email) && /Done/.test(m.text),
        );
        expect(email?.text).toContain('Dark mode for reports');
        await staffContext.close();
        await voterContext.close();
      },
      { pocketbaseEnv: { CHORUS_GITHUB_API_URL: github.url } },
    );
  } finally {
    await github.close();
  }
});

test('a Linear issue linked to two ideas moves to In Progress and both ideas follow; a replayed Linear event changes nothing', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const linear = await startLinearServer({ apiKey: LINEAR_KEY, teamId: TEAM_ID, teamKey: 'ENG' });
  try {
    await withOwnStack(
      async (stack) => {
        const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
        const { moderator, voter } = await people(admin);
        const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
        const [planned, inProgress] = await Promise.all(
          ['planned', 'in-progress'].map((slug) => admin.collection('statuses').getFirstListItem(`slug = "${slug}"`)),
        );
        const ideas = await Promise.all(
          ['Offline mode', 'Sync when back online'].map((title) =>
            admin
              .collection('posts')
              .create({ board: board.id, author: voter.id, title, approved: true, status: planned?.id }),
          ),
        );
        const started = LINEAR_STATES.find((s) => s.name === 'In Progress')?.id as string;
        const team = await admin.collection('tracker_connections').create({
          provider: 'linear',
          name: 'Engineering',
          team_id: TEAM_ID,
          team_key: 'ENG',
          token: LINEAR_KEY,
          webhook_secret: 'lin_wh_e2e',
          active: true,
          state_map: { [started]: inProgress?.id },
        });
        const existing = linear.createIssue('Offline support');

        const staffContext = await browser.newContext();
        await signIn(staffContext, stack.siteUrl as string, stack.pbUrl as string, moderator.email, PASSWORD);
        const staffPage = await staffContext.newPage();
        for (const idea of ideas) {
          await staffPage.goto(`${stack.siteUrl}/p/${idea.id}`);
          await expect(staffPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
          const panel = staffPage.getByTestId('staff-trackers');
          await panel.getByLabel('Existing issue').fill(existing.identifier);
          await panel.getByRole('button', { name: 'Link', exact: true }).click();
          await expect(panel.getByTestId('tracker-link')).toContainText(`${existing.identifier} Offline support`);
        }

        const pages = [];
        for (const idea of ideas) {
          const page = await staffContext.newPage();
          await page.goto(`${stack.siteUrl}/p/${idea.id}`);
          await expect(page.locator('main .status-pill').first()).toHaveText('Planned');
          pages.push(page);
        }
        const address = `${stack.siteUrl}/integrations/linear/${team.id}`;
        const moved = linear.move(existing.identifier, 'In Progress');
        const sent = await deliverLinearEvent(address, 'lin_wh_e2e', moved);
        expect(sent.status).toBe(200);
        for (const page of pages)
          await expect(page.locator('main .status-pill').first()).toHaveText('In progress', { timeout: 15_000 });

        // Staff move one back by hand; the same delivery replayed must not undo that.
        const first = pages[0] as (typeof pages)[number];
        await admin.collection('posts').update(ideas[0]?.id as string, { status: planned?.id });
        await expect(first.locator('main .status-pill').first()).toHaveText('Planned');
        const replay = await deliverLinearEvent(address, 'lin_wh_e2e', moved, { deliveryId: sent.deliveryId });
        expect(replay.body).toMatchObject({ duplicate: true });
        await first.waitForTimeout(1500);
        await expect(first.locator('main .status-pill').first()).toHaveText('Planned');
        await staffContext.close();
      },
      { pocketbaseEnv: { CHORUS_LINEAR_API_URL: linear.url } },
    );
  } finally {
    await linear.close();
  }
});

test('an admin connects a Linear team, fetches its states, maps them and sees the webhook address; a moderator cannot', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const linear = await startLinearServer({ apiKey: LINEAR_KEY, teamId: TEAM_ID, teamKey: 'ENG' });
  try {
    await withOwnStack(
      async (stack) => {
        const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
        const { moderator } = await people(admin);
        const owner = await admin.collection('users').create({
          email: 'owner@example.com',
          name: 'Ada Admin',
          role: 'admin',
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          verified: true,
        });
        const context = await browser.newContext();
        await signIn(context, stack.siteUrl as string, stack.pbUrl as string, owner.email, PASSWORD);
        const page = await context.newPage();
        await page.goto(`${stack.siteUrl}/admin/integrations`);
        await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
        // The tracker's own form: the integrations page also holds Zendesk's, with an account email and a token too.
        const connect = page.getByRole('form', { name: 'Connect a tracker' });
        await chooseUntilShown(
          connect.getByRole('combobox', { name: 'Tracker' }),
          'linear',
          connect.getByLabel('Team id'),
        );
        await connect.getByLabel('Name', { exact: true }).fill('Engineering');
        await connect.getByLabel('Team id').fill(TEAM_ID);
        await connect.getByLabel('Team key').fill('ENG');
        await connect.getByLabel('Webhook signing secret').fill('lin_wh_admin');
        // A wrong token is accepted as pasted, then told apart when the states are fetched.
        await connect.getByLabel('API token').fill('lin_api_wrong');
        await connect.getByRole('button', { name: 'Connect', exact: true }).click();
        const card = page.getByTestId('integration').filter({ hasText: 'Engineering' });
        await expect(card).toBeVisible();
        const [connection] = await admin.collection('tracker_connections').getFullList();
        await expect(card.getByTestId('webhook-address')).toHaveText(
          `${stack.siteUrl}/integrations/linear/${connection?.id}`,
        );
        await card.getByRole('button', { name: 'Fetch states' }).click();
        await expect(page.getByText("The tracker refused the connection's token")).toBeVisible();
        await card.getByLabel('New API token').fill(LINEAR_KEY);
        await card.getByRole('button', { name: 'Save credentials' }).click();
        await expect(page.getByText('Credentials saved.')).toBeVisible();
        await card.getByRole('button', { name: 'Fetch states' }).click();
        await card.getByLabel('Status for In Progress').selectOption({ label: 'In progress' });
        await card.getByRole('button', { name: 'Save the mapping' }).click();
        await expect(page.getByText('Saved.')).toBeVisible();
        await card.getByLabel('On', { exact: true }).click();
        const inProgress = await admin.collection('statuses').getFirstListItem('slug = "in-progress"');
        await expect
          .poll(async () => (await admin.collection('tracker_connections').getOne(connection?.id as string)).active)
          .toBe(true);
        const stored = await admin.collection('tracker_connections').getOne(connection?.id as string);
        expect(stored).toMatchObject({ token: LINEAR_KEY, webhook_secret: 'lin_wh_admin' });
        expect(stored.state_map).toEqual({ [LINEAR_STATES[2]?.id as string]: inProgress.id });
        await context.close();

        const staff = await browser.newContext();
        await signIn(staff, stack.siteUrl as string, stack.pbUrl as string, moderator.email, PASSWORD);
        const refused = await staff.newPage();
        const answer = await refused.goto(`${stack.siteUrl}/admin/integrations`);
        expect(answer?.status()).toBe(404);
        await staff.close();
      },
      { pocketbaseEnv: { CHORUS_LINEAR_API_URL: linear.url } },
    );
  } finally {
    await linear.close();
  }
});
