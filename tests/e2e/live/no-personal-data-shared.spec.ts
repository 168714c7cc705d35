// No member, staff or visitor ever sees another person's data in a page copy (issue 59): every page the edge may
// cache (the routes src/lib/edge-cache/tags.ts gives tags to) is asked for twice by a visitor, three members and an
// admin, in turns, so that each could be answered by a copy the edge kept from someone else; no copy carries
// another person's email, sign-in token, cookie, vote, hidden comment or staff-only text, and a visitor's carries
// no personal state at all. Two plain members (B and C) are served the member audience's copy: from the cache from
// their second round (the same bytes for both), holding no session and no vote state (their buttons wait for the
// islands). Member A, whose idea waits for review and whose comment staff hid, and staff are rendered for
// themselves, never from (nor into) the cache, and A's own copies show A's vote, hidden comment and waiting idea.

import { pageCacheTags } from '../../../src/lib/edge-cache/tags';
import { expect, test } from '../fixtures';
import { routeFiles, urlWith } from '../routes';
import { authCookie, clientFor, unique } from '../staff-helpers';

type Viewer = 'visitor' | 'memberA' | 'memberB' | 'memberC' | 'staff';
/** The members served the member audience's copy (plain, nothing of their own waiting or hidden). */
const AUDIENCE: Viewer[] = ['memberB', 'memberC'];

interface Copy {
  viewer: Viewer;
  path: string;
  round: number;
  cacheStatus: string;
  cacheControl: string;
  vary: string;
  body: string;
}

/** What only one person may see: their address, their sign-in, and text only they (and staff) are shown. */
interface Person {
  email: string;
  /** The request's Cookie header when signed in. */
  cookie: string;
  secrets: string[];
}

/** The vote button of idea `id` in a page copy: 'true' or 'false', or null when the page does not show it. */
function votePressed(body: string, id: string): string | null {
  const form = new RegExp(`action="/p/${id}/vote"[\\s\\S]*?aria-pressed="(true|false)"`).exec(body);
  return form?.[1] ?? null;
}

/** Staff controls and what they show (scores, customers' revenue): in staff's copies only. */
const STAFF_ONLY = ['data-testid="staff-panel"', 'data-testid="idea-revenue"', 'data-testid="card-score"'];

/** A serialised island prop holding a signed-in session (`serverUser` not null). */
const SESSION_PROP = /serverUser&quot;:\[0,\{/;

test('no member, staff or visitor ever sees another person\u2019s data in a page copy', async ({
  admin,
  pbUrl,
  baseURL,
  createMember,
}) => {
  test.setTimeout(240_000);
  // The people: two members and an admin, each with their own sign-in (the cookie the site reads).
  const [a, b, c, staffMember] = await Promise.all([
    createMember(),
    createMember(),
    createMember(),
    createMember({ role: 'admin' }),
  ]);
  const [pbA, pbB, pbC, pbStaff] = await Promise.all([
    clientFor(pbUrl, a.email, a.password),
    clientFor(pbUrl, b.email, b.password),
    clientFor(pbUrl, c.email, c.password),
    clientFor(pbUrl, staffMember.email, staffMember.password),
  ]);

  // A board of its own, two ideas on the roadmap: A votes for one, B for the other; A comments, follows (so B's
  // comment gives A a notification), and has a comment staff hid (shown to A and staff only); staff leave an
  // internal note (staff only) and an unapproved idea of A's waits (A and staff only).
  const slug = `noleak-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const board = await admin.collection('boards').create({ name: `Board ${slug}`, slug, visibility: 'public' });
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  const idea = (title: string, author: string, approved = true) =>
    admin
      .collection('posts')
      .create({ board: board.id, author, title, body: `${title}: details.`, status: planned.id, approved });
  const [x, y, waiting] = await Promise.all([
    idea(unique('Shared idea A voted for'), b.id),
    idea(unique('Shared idea B voted for'), a.id),
    idea(unique('A waiting idea of A'), a.id, false),
  ]);
  await pbA.collection('votes').create({ post: x.id, user: a.id });
  await pbB.collection('votes').create({ post: y.id, user: b.id });
  // C votes for and follows x too: the audience's copy of it must still show nobody's vote or follow.
  await pbC.collection('votes').create({ post: x.id, user: c.id });
  await pbA.collection('comments').create({ post: x.id, author: a.id, body: unique('A public comment by A') });
  const hiddenText = unique('A comment of A that staff hid');
  const hidden = await pbA.collection('comments').create({ post: x.id, author: a.id, body: hiddenText });
  await admin.collection('comments').update(hidden.id, { hidden: true });
  const internalText = unique('An internal staff note');
  await pbStaff
    .collection('comments')
    .create({ post: x.id, author: staffMember.id, body: internalText, internal: true });
  await admin
    .collection('subscriptions')
    .getFirstListItem(`post = "${x.id}" && user = "${a.id}"`)
    .catch(() => pbA.collection('subscriptions').create({ post: x.id, user: a.id }));
  await pbB.collection('comments').create({ post: x.id, author: b.id, body: unique('A public comment by B') });
  await expect
    .poll(async () => (await pbA.collection('notifications').getList(1, 1)).totalItems, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const notification = (await pbA.collection('notifications').getList(1, 1)).items[0]?.id ?? '';

  const people: Record<Exclude<Viewer, 'visitor'>, Person> = {
    memberA: {
      email: a.email,
      cookie: authCookie(pbA),
      secrets: [a.email, pbA.authStore.token, authCookie(pbA), hiddenText, waiting['title'], notification],
    },
    memberB: { email: b.email, cookie: authCookie(pbB), secrets: [b.email, pbB.authStore.token, authCookie(pbB)] },
    memberC: { email: c.email, cookie: authCookie(pbC), secrets: [c.email, pbC.authStore.token, authCookie(pbC)] },
    staff: {
      email: staffMember.email,
      cookie: authCookie(pbStaff),
      secrets: [staffMember.email, pbStaff.authStore.token, authCookie(pbStaff), internalText],
    },
  };
  /** What each may see besides public content: their own secrets, and staff everything a member may not. */
  const mayShow = (viewer: Viewer, owner: Exclude<Viewer, 'visitor'>, secret: string) =>
    viewer === owner || (viewer === 'staff' && (secret === hiddenText || secret === waiting['title']));

  // The pages: every route the edge may cache (tags.ts gives it tags), on these records, in the default language.
  const release = await admin.collection('changelog_entries').getFirstListItem('state = "published"');
  const records = { board: slug, idea: x.id, member: a.id, release: release['slug'] };
  const shell = [{ id: board.id, slug }];
  const paths = routeFiles()
    .map((route) => urlWith(route, records))
    .filter((path) => pageCacheTags(path, shell) !== null);
  // B's idea page too, so that each member has an idea page showing their own vote.
  paths.push(`/p/${y.id}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/',
      `/b/${slug}`,
      `/p/${x.id}`,
      '/roadmap',
      '/changelog',
      `/changelog/${release['slug']}`,
    ]),
  );

  // Earlier writes' purges settle first, so the visitor's copies can come from the cache.
  await purgesSettled(baseURL as string);

  const ask = async (viewer: Viewer, path: string, round: number): Promise<Copy> => {
    const headers: Record<string, string> = {};
    if (viewer !== 'visitor') headers['cookie'] = people[viewer].cookie;
    const response = await fetch(new URL(path, baseURL), { headers, redirect: 'manual' });
    expect(response.status, `${viewer} ${path}`).toBe(200);
    return {
      viewer,
      path,
      round,
      cacheStatus: response.headers.get('cf-cache-status') ?? '',
      cacheControl: response.headers.get('cache-control') ?? '',
      vary: response.headers.get('vary') ?? '',
      body: await response.text(),
    };
  };
  /** The visitor asks until the edge answers from its cache (a purge of another test's write may land between). */
  const visitorFromCache = async (path: string, round: number): Promise<Copy[]> => {
    const seen: Copy[] = [];
    await expect
      .poll(
        async () => {
          const copy = await ask('visitor', path, round);
          seen.push(copy);
          return copy.cacheStatus;
        },
        { timeout: 20_000, message: `a visitor's ${path} never came from the cache` },
      )
      .toBe('HIT');
    return seen;
  };

  /** C then B ask until both are answered from the cache with the same bytes (a purge may land between). */
  const audienceFromCache = async (path: string, round: number): Promise<Copy[]> => {
    const seen: Copy[] = [];
    await expect
      .poll(
        async () => {
          const pair = [await ask('memberC', path, round), await ask('memberB', path, round)];
          seen.push(...pair);
          return pair.every((copy) => copy.cacheStatus === 'HIT') && pair[0]?.body === pair[1]?.body;
        },
        { timeout: 20_000, message: `members' ${path} never came from one cached copy` },
      )
      .toBe(true);
    return seen;
  };

  const copies: Copy[] = [];
  for (const path of paths) {
    // Members and staff first, so a copy kept from them would be what the visitor (and the others) get next;
    // then the visitor until the cache answers; then everyone again, the other way round.
    for (const viewer of ['memberA', 'memberB', 'memberC', 'staff'] as const) copies.push(await ask(viewer, path, 1));
    copies.push(...(await visitorFromCache(path, 1)));
    for (const viewer of ['staff', 'memberA'] as const) copies.push(await ask(viewer, path, 2));
    copies.push(...(await audienceFromCache(path, 2)));
    copies.push(...(await visitorFromCache(path, 2)));
  }

  const problems: string[] = [];
  for (const copy of copies) {
    const where = `${copy.viewer}'s ${copy.path} (round ${copy.round}, ${copy.cacheStatus})`;
    for (const [owner, person] of Object.entries(people) as [Exclude<Viewer, 'visitor'>, Person][]) {
      for (const secret of person.secrets) {
        if (secret && !mayShow(copy.viewer, owner, secret) && copy.body.includes(secret)) {
          problems.push(`${where} holds ${owner}'s ${secret === person.email ? 'email' : `"${secret.slice(0, 40)}"`}`);
        }
      }
    }
    const pressedX = votePressed(copy.body, x.id);
    const pressedY = votePressed(copy.body, y.id);
    if (copy.viewer !== 'memberA' && pressedX === 'true') problems.push(`${where} shows A's vote`);
    if (copy.viewer !== 'memberB' && pressedY === 'true') problems.push(`${where} shows B's vote`);
    for (const marker of STAFF_ONLY) {
      if (copy.viewer !== 'staff' && copy.body.includes(marker)) problems.push(`${where} holds staff's ${marker}`);
    }
    if (copy.viewer === 'visitor' || AUDIENCE.includes(copy.viewer)) {
      // Nobody's copy: no session, nothing pressed, kept by the edge for everyone of its audience.
      if (SESSION_PROP.test(copy.body)) problems.push(`${where} holds a signed-in session`);
      if (/aria-pressed="true"/.test(copy.body)) problems.push(`${where} shows something pressed`);
      if (!/\bCookie\b/i.test(copy.vary)) problems.push(`${where} does not Vary on Cookie`);
      if (copy.cacheControl !== 'public, max-age=0, must-revalidate') problems.push(`${where} is ${copy.cacheControl}`);
    }
    if (AUDIENCE.includes(copy.viewer)) {
      // The member audience's copy: from the cache at the second ask, its vote buttons waiting for the member's own
      // votes (a visitor's copy handed to a member would show them not voted), marked a member's before it paints.
      const buttons = copy.body.match(/<button[^>]*class="vote-button[^>]*>/g) ?? [];
      if (buttons.some((button) => !button.includes('aria-busy="true"')))
        problems.push(`${where} has a vote button not pending`);
      if (!copy.body.includes("dataset.session=''")) problems.push(`${where} is not marked a member's`);
    } else if (copy.viewer !== 'visitor') {
      // A signed-in answer is rendered for them: never from the cache, never kept for anyone.
      if (copy.cacheStatus === 'HIT') problems.push(`${where} came from the cache`);
      if (copy.cacheControl !== 'private, no-store') problems.push(`${where} is ${copy.cacheControl}`);
      const own = people[copy.viewer];
      if (!copy.body.includes(own.email)) problems.push(`${where} lacks their own session`);
    }
  }
  // Each member's own copies of the idea they voted for show their vote (lists load it after hydration): a visitor's
  // copy, or the other member's, handed to them would not.
  for (const [viewer, voted] of [['memberA', x.id]] as const) {
    const own = copies.filter((c) => c.viewer === viewer && c.path === `/p/${voted}`);
    expect(own, `${viewer} asked for /p/${voted} twice`).toHaveLength(2);
    for (const copy of own) {
      if (votePressed(copy.body, voted) !== 'true') {
        problems.push(`${viewer}'s /p/${voted} (round ${copy.round}) does not show their vote`);
      }
    }
  }
  // The staff-only and author-only texts do reach whom they are for, in every copy of theirs (else the checks
  // above could not fail, and a copy kept from someone else would go unnoticed).
  const reaches: [Viewer, string, string, string][] = [
    ['staff', `/p/${x.id}`, internalText, 'the internal note'],
    ['staff', `/p/${x.id}`, STAFF_ONLY[0] ?? '', 'their controls'],
    ['memberA', `/p/${x.id}`, hiddenText, 'their hidden comment'],
    ['memberA', `/b/${slug}`, waiting['title'], 'their idea waiting for approval'],
  ];
  for (const [viewer, path, text, what] of reaches) {
    for (const copy of copies.filter((c) => c.viewer === viewer && c.path === path)) {
      if (!copy.body.includes(text)) problems.push(`${viewer}'s ${path} (round ${copy.round}) lacks ${what}`);
    }
  }
  expect(problems).toEqual([]);
});

/** Waits until the shared stack's purge queue has sent every purge (the setup's writes purge what they change). */
async function purgesSettled(baseURL: string) {
  const headers = { authorization: `Bearer ${process.env.E2E_EDGE_PURGE_SECRET ?? ''}` };
  await expect
    .poll(
      async () =>
        ((await (await fetch(new URL('/edge-cache/purge', baseURL), { headers })).json()) as { pending: number })
          .pending,
      { timeout: 45_000 },
    )
    .toBe(0);
}
