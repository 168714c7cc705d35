// An admin sets an alert in the admin ("tell us when an idea reaches 5 votes"); an idea crosses it and the team's
// Slack channel (a stand-in receiver) gets one message, however many more votes come; the firing is listed.
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { clientFor, signIn, unique } from '../staff-helpers';

test('an idea crosses 5 votes and the Slack stand-in gets one message', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  // Seven accounts signing in, and an axe check: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  const staff = await createMember({ role: 'admin' });
  const slug = unique('alerts')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const board = await admin.collection('boards').create({ name: unique('Alerts board'), slug, visibility: 'public' });
  const slack = await admin.collection('webhooks').create({
    name: unique('Team Slack'),
    url: receiver.url('/slack'),
    kind: 'slack',
    events: ['idea.threshold_reached'],
  });
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, staff.email, staff.password);
  const page = await context.newPage();
  const ruleName = unique('Five votes');
  try {
    await page.goto('/admin/alerts');
    await page.getByLabel('Name').fill(ruleName);
    await page.getByLabel('When').selectOption({ label: 'Votes reach' });
    await page.getByLabel('Threshold').fill('5');
    await page.getByLabel('Board').selectOption({ label: board.name });
    await page.getByRole('checkbox', { name: staff.name }).check();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByRole('status')).toHaveText('Rule saved.');
    await expect(page.getByTestId('alert-rules')).toContainText(ruleName);

    const title = unique('Bulk export');
    const idea = await admin
      .collection('posts')
      .create({ board: board.id, author: staff.id, title, body: 'Export everything.', approved: true });
    const voters = await Promise.all(Array.from({ length: 6 }, () => createMember()));
    for (const voter of voters.slice(0, 5)) {
      const pb = await clientFor(pbUrl, voter.email, voter.password);
      await pb.collection('votes').create({ post: idea.id, user: voter.id });
    }
    const [message] = await receiver.waitFor((r) => r.path === '/slack' && r.body.includes(idea.id));
    const body = JSON.parse(message.body);
    expect(body.text).toContain(title);
    expect(JSON.stringify(body.blocks)).toContain(ruleName);

    // A sixth vote crosses nothing new.
    const sixth = voters[5] as (typeof voters)[number];
    await (await clientFor(pbUrl, sixth.email, sixth.password))
      .collection('votes')
      .create({ post: idea.id, user: sixth.id });
    await page.waitForTimeout(1500);
    expect(receiver.received.filter((r) => r.path === '/slack' && r.body.includes(idea.id))).toHaveLength(1);

    await page.goto('/admin/alerts');
    const firing = page.getByTestId('alert-firings').getByRole('row').filter({ hasText: title });
    await expect(firing).toContainText(ruleName);
    await expect(firing).toContainText('5');
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await expect(page.getByRole('heading', { name: 'Edit rule' })).toBeVisible();
    await expectNoAxeViolations(page, '/admin/alerts');
  } finally {
    await admin.collection('webhooks').delete(slack.id);
    await admin
      .collection('boards')
      .delete(board.id)
      .catch(() => {});
    await receiver.close();
    await context.close();
  }
});
