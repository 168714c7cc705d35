import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

describe('seeded by the migrations', () => {
  it('has one site record and the six statuses in order', async () => {
    const site = await pb.visitor().collection('site').getFullList();
    expect(site).toHaveLength(1);
    const statuses = await pb.visitor().collection('statuses').getFullList({ sort: 'position' });
    expect(statuses.map((s) => s.name)).toEqual(['Open', 'Under review', 'Planned', 'In progress', 'Done', 'Declined']);
  });
});
