// Recomputing a segment over 10,000 members (issue #24): members written straight into data.db (password
// hashing would take minutes through the API), then a segment saved; prints how long the save took, and
// checks the answer (every third member's company is on the plan: 3,334 members).
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

const MEMBERS = 10_000;

it(`recomputes a segment over ${MEMBERS.toLocaleString('en')} members`, { timeout: 120_000 }, async () => {
  const gold = await pb.admin.collection('companies').create({ external_id: 'gold', name: 'Gold', plan: 'Gold' });
  const free = await pb.admin.collection('companies').create({ external_id: 'free', name: 'Free', plan: 'Free' });
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(14, '0')}`.slice(0, 15);
  const now = new Date().toISOString().replace('T', ' ');
  db.exec('BEGIN');
  const user = db.prepare(
    "INSERT INTO users (id, email, password, tokenKey, verified, name, role, created, updated) VALUES (?, ?, 'x', ?, 1, ?, 'member', ?, ?)",
  );
  const profile = db.prepare(
    "INSERT INTO member_profiles (id, user, company, attributes, created, updated) VALUES (?, ?, ?, '{}', ?, ?)",
  );
  for (let n = 0; n < MEMBERS; n++) {
    user.run(id('u', n), `scale-${n}@chorus.test`, `token${n}`, `Member ${n}`, now, now);
    profile.run(id('m', n), id('u', n), n % 3 === 0 ? gold.id : free.id, now, now);
  }
  db.exec('COMMIT');
  db.close();

  const timings: number[] = [];
  let segment = await pb.admin
    .collection('segments')
    .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Free' }] } });
  for (const plan of ['Gold', 'Free', 'Gold']) {
    const started = performance.now();
    segment = await pb.admin
      .collection('segments')
      .update(segment.id, { conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: plan }] } });
    timings.push(performance.now() - started);
  }
  expect((await pb.admin.collection('segments').getOne(segment.id)).member_count).toBe(Math.ceil(MEMBERS / 3));
  const members = await pb.admin.collection('segment_members').getList(1, 1, { filter: `segment = "${segment.id}"` });
  expect(members.totalItems).toBe(Math.ceil(MEMBERS / 3));
  console.log(`segment recompute over ${MEMBERS} members (ms, each save swaps every member):`, timings.map(Math.round));
});
