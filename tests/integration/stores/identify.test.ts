// The widget panel's identify step against a real PocketBase: the team's app may identify the same
// person on every page load with a fresh token; the panel redraws only when who is signed in changes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIdentifyToken } from '../../support/identify-tokens';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { openTab, type Tab } from './tab';

let pb: TestPocketBase;
let secret: string;
const tabs: Tab[] = [];

beforeAll(async () => {
  pb = await startTestPocketBase();
  const settings = await pb.admin.collection('widget_settings').getFirstListItem('');
  await pb.admin.collection('widget_settings').update(settings.id, { sso_enabled: true });
  secret = (await pb.admin.collection('sso_secrets').getFirstListItem('')).secret;
});
afterAll(async () => {
  for (const t of tabs) t.close();
  await pb?.stop();
});

const person = (tag: string) => ({ sub: `app-${tag}`, email: `app-${tag}@example.com`, name: `App ${tag}` });

it('signs a new person in and redraws; the same person again with a fresh token stays without a redraw', async () => {
  const tab = await openTab(pb.url);
  tabs.push(tab);
  const ada = person(`ada-${Date.now()}`);
  expect(await tab.identify.signInWithIdentifyToken(await signIdentifyToken(secret, ada))).toEqual({
    ok: true,
    changed: true,
  });
  expect(tab.client.authStore.record?.email).toBe(ada.email);

  expect(await tab.identify.signInWithIdentifyToken(await signIdentifyToken(secret, ada))).toEqual({
    ok: true,
    changed: false,
  });
  expect(tab.client.authStore.record?.email).toBe(ada.email);

  const grace = person(`grace-${Date.now()}`);
  expect(await tab.identify.signInWithIdentifyToken(await signIdentifyToken(secret, grace))).toEqual({
    ok: true,
    changed: true,
  });
  expect(tab.client.authStore.record?.email).toBe(grace.email);
});

it('refuses a forged token, keeps whoever was signed in, and says why', async () => {
  const tab = await openTab(pb.url);
  tabs.push(tab);
  const ada = person(`kept-${Date.now()}`);
  await tab.identify.signInWithIdentifyToken(await signIdentifyToken(secret, ada));
  const forged = await signIdentifyToken('not-the-admins-secret-but-long-enough-to-sign', person('mallory'));
  const outcome = await tab.identify.signInWithIdentifyToken(forged);
  expect(outcome.ok).toBe(false);
  expect(tab.identify.$identifyError.get()).toBeTruthy();
  expect(tab.client.authStore.record?.email).toBe(ada.email);
});
