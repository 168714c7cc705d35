// The admin webhooks store against a real PocketBase: adding an endpoint reveals its secret once,
// pausing, deliveries and resending, rotating the secret; a member is refused with a toast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let stores: {
  webhooks: typeof import('../../../src/features/webhooks/webhooks');
  toast: typeof import('../../../src/stores/toast');
  client: typeof import('../../../src/lib/pb/client');
};

beforeAll(async () => {
  pb = await startTestPocketBase({ appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  Object.assign(globalThis, {
    document: { querySelector: () => ({ content: pb.url }), cookie: '' },
    location: { protocol: 'http:', pathname: '/', search: '', assign() {} },
  });
  stores = {
    webhooks: await import('../../../src/features/webhooks/webhooks'),
    toast: await import('../../../src/stores/toast'),
    client: await import('../../../src/lib/pb/client'),
  };
});
afterAll(() => pb?.stop());

function signInAs(name: keyof Actors) {
  const from = actors[name].authStore;
  stores.client.getBrowserClient().authStore.save(from.token, from.record);
}
const endpoint = {
  name: 'Nowhere',
  url: 'http://127.0.0.1:9/hook',
  kind: 'standard',
  events: ['idea.posted'],
} as const;

describe('admin webhooks store', () => {
  it('refuses a member with a toast and changes nothing', async () => {
    signInAs('member');
    stores.webhooks.$webhooks.set([]);
    const error = await stores.webhooks.addWebhook({ ...endpoint, events: [...endpoint.events] });
    expect(error?.kind).toBe('validation');
    expect(stores.toast.$toast.get()?.message).toBe(error?.message);
    expect(stores.webhooks.$webhooks.get()).toEqual([]);
    expect(stores.webhooks.$revealedSecret.get()).toBeNull();
  });

  it('adds an endpoint, shows its secret once, pauses it, lists and resends deliveries, rotates the secret', async () => {
    signInAs('admin');
    expect(await stores.webhooks.addWebhook({ ...endpoint, events: [...endpoint.events] })).toBeNull();
    const [added] = stores.webhooks.$webhooks.get() ?? [];
    expect(added).toMatchObject({ name: 'Nowhere', paused: false });
    expect(added).not.toHaveProperty('secret');
    const first = stores.webhooks.$revealedSecret.get();
    expect(first).toMatchObject({ webhookId: added?.id, secret: expect.stringMatching(/^whsec_/) });
    stores.webhooks.dismissSecret();
    expect(stores.webhooks.$revealedSecret.get()).toBeNull();

    await createPost(pb, await createBoard(pb, 'public'), actors.member);
    await stores.webhooks.loadDeliveries(added?.id ?? '');
    const [delivery] = stores.webhooks.$deliveries.get()[added?.id ?? '']?.items ?? [];
    expect(delivery).toMatchObject({ event: 'idea.posted', webhook: added?.id });
    if (!delivery) throw new Error('no delivery');
    await stores.webhooks.resend(delivery);
    const after = stores.webhooks.$deliveries.get()[added?.id ?? '']?.items ?? [];
    expect(after).toHaveLength(2);
    // The page is read again: the copy is the newest row (the worker may have tried it once already).
    expect(after[0]).toMatchObject({ message_id: delivery.message_id, status: 'pending' });
    expect(after[0]?.id).not.toBe(delivery.id);

    await stores.webhooks.togglePaused(added as NonNullable<typeof added>);
    expect(stores.webhooks.$webhooks.get()?.[0]?.paused).toBe(true);
    expect((await pb.admin.collection('webhooks').getOne(added?.id ?? '')).paused).toBe(true);

    await stores.webhooks.rotateSecret(added?.id ?? '');
    const rotated = stores.webhooks.$revealedSecret.get()?.secret;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(first?.secret);
    expect((await pb.admin.collection('webhooks').getOne(added?.id ?? '')).secret).toBe(rotated);

    await stores.webhooks.removeWebhook(added?.id ?? '');
    expect(stores.webhooks.$webhooks.get()).toEqual([]);
  });

  it('pages through an endpoint’s deliveries with their total, or only the failed ones; a member reads none', async () => {
    signInAs('admin');
    const hook = await pb.admin
      .collection('webhooks')
      .create({ ...endpoint, name: 'Paged', events: ['release.published'], paused: true });
    const deliver = (status: string, n: number) =>
      pb.admin.collection('webhook_deliveries').create({
        webhook: hook.id,
        event: 'comment.posted',
        message_id: `msg_${status}_${n}`,
        payload: '{}',
        status,
        attempts: 1,
      });
    await deliver('failed', 0);
    for (let n = 1; n <= 22; n += 1) await deliver('delivered', n);
    await deliver('failed', 23);

    await stores.webhooks.loadDeliveries(hook.id);
    expect(stores.webhooks.$deliveries.get()[hook.id]).toMatchObject({ page: 1, totalItems: 24, totalPages: 2 });
    expect(stores.webhooks.$deliveries.get()[hook.id]?.items).toHaveLength(20);
    await stores.webhooks.loadDeliveries(hook.id, { page: 2 });
    const older = stores.webhooks.$deliveries.get()[hook.id];
    expect(older?.items.map((d) => d.message_id)).toEqual([
      'msg_delivered_3',
      'msg_delivered_2',
      'msg_delivered_1',
      'msg_failed_0',
    ]);

    await stores.webhooks.loadDeliveries(hook.id, { failedOnly: true, page: 1 });
    const failed = stores.webhooks.$deliveries.get()[hook.id];
    expect(failed).toMatchObject({ failedOnly: true, page: 1, totalItems: 2, totalPages: 1 });
    expect(failed?.items.map((d) => d.message_id)).toEqual(['msg_failed_23', 'msg_failed_0']);
    // Resending keeps the admin's view: the copy is pending, so the failed list stays as it was.
    await stores.webhooks.resend(failed?.items[1] as NonNullable<typeof failed>['items'][number]);
    expect(stores.webhooks.$deliveries.get()[hook.id]).toMatchObject({ failedOnly: true, totalItems: 2 });

    signInAs('member');
    await stores.webhooks.loadDeliveries(hook.id, { failedOnly: false, page: 1 });
    expect(stores.webhooks.$deliveries.get()[hook.id]).toMatchObject({ totalItems: 0, items: [] });
  });
});
