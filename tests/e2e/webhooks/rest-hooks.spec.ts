// An automation platform's subscription as an admin sees it: a key subscribes a URL (as Zapier would), the admin
// finds it on /admin/webhooks as an API key's REST hook (no secret to rotate, no customer data to turn on), opens
// its deliveries after a new idea reached the receiver, and pauses it; the key then lists it as paused.

import { createApiKey, keyClient } from '../../support/api-keys';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { clientFromOwnAddress } from '../own-address';
import { createIdea, signIn, unique } from '../staff-helpers';

test("an admin sees an API key's REST hook with its deliveries, and pauses it", async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const receiver = await startWebhookReceiver();
  const staff = await createMember({ role: 'admin' });
  const session = clientFromOwnAddress(pbUrl);
  session.autoCancellation(false);
  await session.collection('users').authWithPassword(staff.email, staff.password);
  const key = await createApiKey(session, 'read', { name: unique('Zapier') });
  const zapier = keyClient(pbUrl, key.token);
  const path = `/${unique('zap').replace(/\W+/g, '-')}`;
  const hook = await zapier.send<{ id: string }>('/api/chorus/hooks', {
    method: 'POST',
    body: { target_url: receiver.url(path), event: 'idea.posted' },
  });
  const title = unique('Zap me');
  const idea = await createIdea(admin, staff.id, title);
  await receiver.waitFor((r) => r.path === path && JSON.parse(r.body).id === idea.id);

  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, staff.email, staff.password);
  const page = await context.newPage();
  try {
    await page.goto('/admin/webhooks');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    const endpoint = page.getByTestId('webhook').filter({ hasText: receiver.url(path) });
    await expect(endpoint).toContainText(
      `REST hook of an API key (Zapier, Make, n8n) to ${receiver.url(path)}: Idea posted`,
    );
    await expect(endpoint.getByRole('button', { name: 'New secret' })).toHaveCount(0);
    await expect(endpoint.getByRole('checkbox')).toHaveCount(0);
    await endpoint.getByText('Recent deliveries').click();
    await expect(endpoint.locator('[data-delivery]').filter({ hasText: 'Idea posted' }).first()).toContainText('200');
    await expectNoAxeViolations(page, '/admin/webhooks');
    await endpoint.getByRole('button', { name: 'Pause' }).click();
    await expect(endpoint).toContainText('Paused.');
    await expect
      .poll(
        async () => (await zapier.send<{ items: { id: string; paused: boolean }[] }>('/api/chorus/hooks', {})).items,
      )
      .toEqual([expect.objectContaining({ id: hook.id, paused: true })]);
  } finally {
    await context.close();
    await receiver.close();
  }
});
