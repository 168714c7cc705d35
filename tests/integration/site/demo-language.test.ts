// The demo `npm start` seeds stays English: its site's default language and its statuses' names.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../../tools/lib/seed/index.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(async () => {
  await pb?.stop();
});

it('seeds an English demo: default language and status names', async () => {
  await seedDemo(pb.admin, { password: 'demo-password-123' });
  const site = await pb.admin.collection('site').getFirstListItem('');
  expect(site.default_locale).toBe('en');
  const statuses = await pb.visitor().collection('statuses').getFullList({ sort: 'position' });
  expect(statuses.map((s) => s.name)).toEqual(['Open', 'Under review', 'Planned', 'In progress', 'Done', 'Declined']);
}, 120_000);
