// The admin webhooks store against a real PocketBase: adding an endpoint reveals its secret once,
// pausing, deliveries and resending, rotating the secret; a member is refused with a toast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type Actors, createActors, createBoard, createPost } from '../support/world';

let pb: TestPocketBase;
let actors: Actors;
let stores: {
  webhooks: typeof import('../../src/stores/webhooks');
  toast: typeof import('../../src/stores/toast');
  client: typeof import('../../src/lib/pb/client');
};

beforeAll(async () => {
  pb = await startTestPocketBase({ appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  Object.assign(globalThis, {
    document: { querySelector: () => ({ content: pb.url }), cookie: '' },
    location: { protocol: 'http:', pathname: '/', search: '', assign() {} },
  });
  stores = {
    webhooks: await import('../../src/stores/webhooks'),
    toast: await import('../../src/stores/toast'),
    client: await import('../../src/lib/pb/client'),
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
    stores.webhooks.startWebhooks([]);
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
    const [delivery] = stores.webhooks.$deliveries.get()[added?.id ?? ''] ?? [];
    expect(delivery).toMatchObject({ event: 'idea.posted', webhook: added?.id });
    if (!delivery) throw new Error('no delivery');
    await stores.webhooks.resend(delivery);
    const after = stores.webhooks.$deliveries.get()[added?.id ?? ''] ?? [];
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ message_id: delivery.message_id, status: 'pending', attempts: 0 });

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
});
