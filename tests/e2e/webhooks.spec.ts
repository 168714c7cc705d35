// An admin connects Chorus to their tools: adds a signed webhook in the admin, copies the secret shown
// once, sees a new idea arrive at their receiver (signature verified), reads the delivery and resends it.
import AxeBuilder from '@axe-core/playwright';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { expect, test } from './fixtures';
import { createIdea, signIn, unique } from './staff-helpers';

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
    const delivery = () =>
      admin
        .collection('webhook_deliveries')
        .getFirstListItem(admin.filter('message_id = {:id}', { id: request.headers['webhook-id'] }));
    await expect.poll(async () => (await delivery()).status).toBe('delivered');
    const endpoint = page.getByTestId('webhook').filter({ hasText: name });
    await endpoint.getByText('Recent deliveries').click();
    const row = endpoint.locator(`[data-delivery="${(await delivery()).id}"]`);
    await expect(row).toContainText('idea.posted');
    await expect(row).toContainText('delivered');
    await expect(row).toContainText('200');
    await row.getByRole('button', { name: 'Resend idea.posted' }).click();
    await receiver.waitFor((r) => r.headers['webhook-id'] === request.headers['webhook-id'], 2);

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  } finally {
    const mine = await admin.collection('webhooks').getFullList({ filter: admin.filter('name = {:name}', { name }) });
    await Promise.all(mine.map((w) => admin.collection('webhooks').delete(w.id)));
    await receiver.close();
    await context.close();
  }
});
