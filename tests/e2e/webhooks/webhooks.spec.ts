// An admin connects Chorus to their tools: adds a signed webhook in the admin, copies the secret shown
// once, sees a new idea arrive at their receiver (signature verified), reads the delivery and resends it; and adds
// a Discord channel and a Teams Workflows webhook, each getting the idea in its own format.
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, signedInPage, signIn, unique } from '../staff-helpers';

test('an admin adds a signed webhook, gets a new idea delivered, and resends it from the admin', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const receiver = await startWebhookReceiver();
  const name = unique('Product channel');
  const staff = await createMember({ role: 'admin' });
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, staff.email, staff.password);
  const page = await context.newPage();
  try {
    await page.goto('/admin/webhooks');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('URL').fill(receiver.url('/chorus'));
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    const title = unique('Webhook me');
    const idea = await createIdea(admin, staff.id, title);
    const [request] = await receiver.waitFor((r) => JSON.parse(r.body).data?.idea?.id === idea.id);
    const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    expect(event).toMatchObject({
      type: 'idea.posted',
      data: { idea: { title, url: expect.stringContaining(`/p/${idea.id}`) } },
    });

    // Other tests post ideas and releases meanwhile, and this webhook hears them too: find this delivery's row.
    // One event has one message id at every endpoint that hears it (other tests' webhooks and REST hooks), so
    // the row is this endpoint's delivery of it.
    const webhook = await admin.collection('webhooks').getFirstListItem(admin.filter('name = {:name}', { name }));
    const delivery = () =>
      admin.collection('webhook_deliveries').getFirstListItem(
        admin.filter('message_id = {:id} && webhook = {:webhook}', {
          id: request.headers['webhook-id'],
          webhook: webhook.id,
        }),
      );
    await expect.poll(async () => (await delivery()).status).toBe('delivered');
    const endpoint = page.getByTestId('webhook').filter({ hasText: name });
    await endpoint.getByText('Recent deliveries').click();
    const row = endpoint.locator(`[data-delivery="${(await delivery()).id}"]`);
    await expect(row).toContainText('Idea posted');
    await expect(row).toContainText('delivered');
    await expect(row).toContainText('200');
    await row.getByRole('button', { name: /^Resend Idea posted from / }).click();
    await receiver.waitFor((r) => r.headers['webhook-id'] === request.headers['webhook-id'], 2);

    await expectNoAxeViolations(page);
  } finally {
    const mine = await admin.collection('webhooks').getFullList({ filter: admin.filter('name = {:name}', { name }) });
    await Promise.all(mine.map((w) => admin.collection('webhooks').delete(w.id)));
    await receiver.close();
    await context.close();
  }
});

test('on a phone an admin reads the delivery log by event name, finds an older failed delivery and resends it', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const receiver = await startWebhookReceiver();
  const name = unique('Phone channel');
  const staff = await createMember({ role: 'admin' });
  // Only merges reach it (other tests merge rarely), so the log is mostly what this test writes.
  const webhook = await admin
    .collection('webhooks')
    .create({ name, url: receiver.url('/phone'), kind: 'standard', events: ['idea.merged'] });
  const deliver = (event: string, status: string, messageId: string) =>
    admin.collection('webhook_deliveries').create({
      webhook: webhook.id,
      event,
      message_id: messageId,
      payload: JSON.stringify({ version: 1, type: event, timestamp: new Date().toISOString(), data: {} }),
      status,
      attempts: status === 'failed' ? 8 : 1,
      last_attempt_at: new Date().toISOString().replace('T', ' '),
      response_code: status === 'failed' ? 500 : 200,
    });
  const failedId = unique('msg_failed').replace(/\s/g, '_');
  const failed = await deliver('idea.posted', 'failed', failedId);
  // 25 newer deliveries push the failed one past the first 20.
  for (let i = 0; i < 25; i += 1) await deliver('comment.posted', 'delivered', `msg_${i}_${failedId}`);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(context, baseURL as string, pbUrl, staff.email, staff.password);
  const page = await context.newPage();
  try {
    await page.goto('/admin/webhooks');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);

    // Each event's checkbox sits on the same line as its name.
    const events = page.getByRole('group', { name: 'Events' }).getByRole('checkbox');
    await expect(events).not.toHaveCount(0);
    for (const box of await events.all()) {
      const apart = await box.evaluate((input) => {
        // The first line of the label's words against the box: the same line, whichever the direction.
        const words = [...(input.closest('label')?.childNodes ?? [])].filter(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        const range = document.createRange();
        range.setStartBefore(words[0] as Node);
        range.setEndAfter(words.at(-1) as Node);
        const line = range.getClientRects()[0];
        const own = input.getBoundingClientRect();
        return line ? Math.abs(line.top + line.height / 2 - (own.top + own.height / 2)) : Number.POSITIVE_INFINITY;
      });
      expect(apart, (await box.getAttribute('value')) ?? '').toBeLessThan(8);
    }

    const endpoint = page.getByTestId('webhook').filter({ hasText: name });
    await endpoint.getByText('Recent deliveries').click();
    await expect(endpoint.getByTestId('delivery-row')).toHaveCount(20);
    // The log names events as the endpoint's summary does, never by their codes.
    await expect(endpoint.getByTestId('delivery-row').first()).toContainText('Comment posted');
    await expect(endpoint.getByTestId('deliveries')).not.toContainText('comment.posted');
    // The page stays as wide as the phone: the table scrolls inside its own labelled, focusable region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const region = endpoint.getByRole('region', { name: /deliveries/i });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.getByTestId('deliveries')).toBeVisible();

    // The failed delivery is past the first page: the next page shows it.
    const row = endpoint.locator(`[data-delivery="${failed.id}"]`);
    await expect(row).toHaveCount(0);
    await endpoint.getByRole('button', { name: 'Older' }).click();
    await expect(row).toContainText('Idea posted');
    await expect(row).toContainText('failed');

    // Or straight away: only the failed ones.
    await endpoint.getByRole('button', { name: 'Newer' }).click();
    await expect(row).toHaveCount(0);
    await endpoint.getByLabel('Failed only').check();
    await expect(endpoint.getByTestId('delivery-row')).toHaveCount(1);
    await expect(row).toContainText('failed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.getByRole('button', { name: /^Resend Idea posted/ }).click();
    await receiver.waitFor((r) => r.headers['webhook-id'] === failedId);
  } finally {
    await admin.collection('webhooks').delete(webhook.id);
    await receiver.close();
    await context.close();
  }
});

test('an admin sees that the receiver answered 500 before it answered 200', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const receiver = await startWebhookReceiver();
  const name = unique('Flaky receiver');
  const staff = await createMember({ role: 'admin' });
  const endpointRecord = await admin
    .collection('webhooks')
    .create({ name, url: receiver.url('/flaky'), kind: 'standard', events: ['idea.posted'] });
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, staff.email, staff.password);
  const page = await context.newPage();
  try {
    receiver.answer('/flaky', { status: 500 });
    const idea = await createIdea(admin, staff.id, unique('Deliver me twice'));
    const [first] = await receiver.waitFor((r) => JSON.parse(r.body).data?.idea?.id === idea.id);
    const delivery = () =>
      admin.collection('webhook_deliveries').getFirstListItem(
        admin.filter('message_id = {:id} && webhook = {:webhook}', {
          id: first.headers['webhook-id'],
          webhook: endpointRecord.id,
        }),
      );
    await expect.poll(async () => (await delivery()).attempts).toBe(1);
    // The retry is due a minute later; bring it forward, and the next idea's delivery wakes the worker.
    receiver.answer('/flaky', { status: 200 });
    await admin
      .collection('webhook_deliveries')
      .update((await delivery()).id, { next_attempt_at: new Date().toISOString() });
    await createIdea(admin, staff.id, unique('Wake the worker'));
    await expect.poll(async () => (await delivery()).status, { timeout: 20_000 }).toBe('delivered');

    await page.goto('/admin/webhooks');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    const endpoint = page.getByTestId('webhook').filter({ hasText: name });
    await endpoint.getByText('Recent deliveries').click();
    const row = endpoint.locator(`[data-delivery="${(await delivery()).id}"]`);
    await row.getByLabel('2 attempts: show each').click();
    const attempts = row.getByTestId('attempt-log').getByRole('listitem');
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(0)).toContainText(/: 500, [\d,]+ ms$/);
    await expect(attempts.nth(1)).toContainText(/: 200, [\d,]+ ms$/);
  } finally {
    await admin.collection('webhooks').delete(endpointRecord.id);
    await receiver.close();
    await context.close();
  }
});

test('an admin sends new ideas to a Discord channel and to Microsoft Teams, each in its own format', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const receiver = await startWebhookReceiver();
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  const names = { discord: unique('Discord #feedback'), teams: unique('Teams Product') };
  try {
    await page.goto('/admin/webhooks');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    for (const [kind, label] of [
      ['discord', 'Discord webhook'],
      ['teams', 'Microsoft Teams Workflows webhook'],
    ] as const) {
      await page.getByLabel('Name').fill(names[kind]);
      await page.getByLabel('URL').fill(receiver.url(`/${kind}`));
      await page.getByLabel('Kind').selectOption({ label });
      await page.getByRole('button', { name: 'Add webhook' }).click();
      // A chat endpoint has no secret to show; the list says where it sends, in its own words.
      await expect(page.getByTestId('webhook').filter({ hasText: names[kind] })).toContainText(
        kind === 'discord' ? 'Discord to' : 'Teams (Workflows) to',
      );
    }
    const idea = await createIdea(admin, staff.id, unique('Chat me'));
    const [discord] = await receiver.waitFor((r) => r.path === '/discord' && r.body.includes(idea.id));
    expect(JSON.parse(discord.body).embeds[0].url).toContain(`/p/${idea.id}`);
    const [teams] = await receiver.waitFor((r) => r.path === '/teams' && r.body.includes(idea.id));
    expect(JSON.parse(teams.body).attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
  } finally {
    const mine = await admin.collection('webhooks').getFullList({
      filter: admin.filter('name = {:a} || name = {:b}', { a: names.discord, b: names.teams }),
    });
    await Promise.all(mine.map((w) => admin.collection('webhooks').delete(w.id)));
    await receiver.close();
    await page.context().close();
  }
});
