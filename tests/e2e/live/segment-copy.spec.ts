// A segment's members share their segment's cached copy (issue 59): two members of a segment with a board of its
// own are served one copy of the board and the home page, from the edge's cache from the second ask, showing the
// segment's board and its idea and neither member's session; a member outside the segment and a visitor never get
// that copy (their home pages never name the board, its page is not theirs), and the members' own copy is not it.

import { expect, test } from '../fixtures';
import { authCookie, clientFor, unique } from '../staff-helpers';

test("a segment's members get their segment's board from one cached copy, and nobody outside it ever does", async ({
  admin,
  baseURL,
  pbUrl,
  createMember,
}) => {
  test.setTimeout(120_000);
  const [insiderA, insiderB, outsider] = await Promise.all([createMember(), createMember(), createMember()]);
  const plan = unique('Plan').replace(/\W/g, '');
  const company = await admin.collection('companies').create({ external_id: plan, name: plan, plan });
  for (const member of [insiderA, insiderB]) {
    await admin.collection('member_profiles').create({ user: member.id, company: company.id });
  }
  const segment = await admin
    .collection('segments')
    .create({ name: plan, conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: plan }] } });
  await expect
    .poll(
      async () =>
        (await admin.collection('segment_members').getFullList({ filter: `segment = "${segment.id}"` })).length,
    )
    .toBe(2);
  const slug = `seg-${Date.now().toString(36)}`;
  const boardName = unique('Board for the plan');
  const board = await admin
    .collection('boards')
    .create({ name: boardName, slug, visibility: 'segment', segment: segment.id });
  const ideaTitle = unique('An idea only the plan sees');
  await admin
    .collection('posts')
    .create({ board: board.id, author: insiderA.id, title: ideaTitle, body: 'For the plan.', approved: true });

  const [pbA, pbB, pbOut] = await Promise.all([
    clientFor(pbUrl, insiderA.email, insiderA.password),
    clientFor(pbUrl, insiderB.email, insiderB.password),
    clientFor(pbUrl, outsider.email, outsider.password),
  ]);
  const cookies = { insiderA: authCookie(pbA), insiderB: authCookie(pbB), outsider: authCookie(pbOut) };
  const secrets = [
    insiderA.email,
    insiderB.email,
    outsider.email,
    pbA.authStore.token,
    pbB.authStore.token,
    pbOut.authStore.token,
  ];
  const ask = async (who: keyof typeof cookies | 'visitor', path: string) => {
    const headers: Record<string, string> = who === 'visitor' ? {} : { cookie: cookies[who] };
    const response = await fetch(new URL(path, baseURL), { headers, redirect: 'manual' });
    return {
      status: response.status,
      cache: response.headers.get('cf-cache-status') ?? '',
      body: await response.text(),
    };
  };

  for (const path of [`/b/${slug}`, '/']) {
    // A then B until both come from the cache with the same bytes (another test's purge may land between).
    let shared = '';
    await expect
      .poll(
        async () => {
          const [a, b] = [await ask('insiderA', path), await ask('insiderB', path)];
          expect(a.status, `${path} for a member of the segment`).toBe(200);
          shared = a.body;
          return a.cache === 'HIT' && b.cache === 'HIT' && a.body === b.body;
        },
        { timeout: 20_000, message: `the segment's ${path} never came from one cached copy` },
      )
      .toBe(true);
    expect(shared).toContain(boardName);
    if (path !== '/') expect(shared).toContain(ideaTitle);
    for (const secret of secrets) expect(shared.includes(secret), `the segment's ${path} holds a secret`).toBe(false);
    // A member audience's copy, marked a member's before it paints.
    expect(shared).toContain("dataset.session=''");
  }

  // Outside the segment: the board is not theirs, and no page of theirs names it, whoever asked first.
  expect((await ask('outsider', `/b/${slug}`)).status).toBe(404);
  expect((await ask('visitor', `/b/${slug}`)).status).toBe(404);
  for (const who of ['outsider', 'visitor'] as const) {
    for (let round = 0; round < 2; round++) {
      const home = await ask(who, '/');
      expect(home.status).toBe(200);
      expect(home.body.includes(boardName), `${who}'s home names the segment's board`).toBe(false);
    }
  }
  // The members' copy of the home page is another copy than the segment's.
  const outsiderHome = await ask('outsider', '/');
  const insiderHome = await ask('insiderA', '/');
  expect(outsiderHome.body).not.toBe(insiderHome.body);
});
