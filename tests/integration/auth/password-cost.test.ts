// The password cost as running PocketBases report it: a test's PocketBase (a copy of the tests' template) hashes at
// bcrypt's lowest cost, and one migrated as a real server's folder is keeps PocketBase's default (0, bcrypt's 10).
import { afterAll, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../../../tools/lib/test-password-cost.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

const started: TestPocketBase[] = [];
afterAll(async () => {
  await Promise.all(started.map((pb) => pb.stop()));
});

async function passwordCosts(fresh: boolean): Promise<Record<string, number>> {
  const pb = await startTestPocketBase(fresh ? { fresh: true } : undefined);
  started.push(pb);
  const auth = (await pb.admin.collections.getFullList()).filter((collection) => collection.type === 'auth');
  return Object.fromEntries(
    auth.map((collection) => [
      collection.name,
      Number(collection.fields.find((field: { type: string }) => field.type === 'password')?.cost),
    ]),
  );
}

it('is bcrypt’s lowest in a test’s PocketBase, for every auth collection', async () => {
  const costs = await passwordCosts(false);
  expect(Object.keys(costs)).toContain('users');
  for (const [name, cost] of Object.entries(costs)) expect(cost, name).toBe(TEST_PASSWORD_COST);
});

it('is PocketBase’s default where the folder is migrated as a real server’s is', async () => {
  const costs = await passwordCosts(true);
  expect(Object.keys(costs)).toContain('users');
  for (const [name, cost] of Object.entries(costs)) expect(cost, name).toBe(0);
});
