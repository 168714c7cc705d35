// Documented limits, proven at their number: n requests pass, the next one is refused (429), for each of
// PocketBase's rate-limit rules (per client address, pb_migrations/1764740000_order_rate_limit_rules.js) and
// Chorus's own counters (pb_hooks/platform/limits.js) that need no stand-in of a feature's; the others are proven
// in their feature's tests, each named in the deploying page's table. Each test acts from client addresses of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { signSiteProof } from '../../../src/lib/site-proof';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { type PlainResponse, requestFrom, statusesOf } from '../../support/from-address';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { type SilentSmtpPocketBase, startSilentSmtpPocketBase } from '../../support/silent-smtp';

let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let board: { id: string };
/** The author of the ideas and comments the operator sets up for the members to act on. */
let author: string;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort() });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort });
  board = await pb.admin.collection('boards').create({ name: 'Limits', slug: 'limits', visibility: 'public' });
  author = (await pb.actor('member')).authStore.record?.id as string;
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

let nextAddress = 0;
/** A client address no other test uses (as the site names a visitor's address to PocketBase). */
const freshAddress = () => {
  nextAddress += 1;
  return `10.200.${nextAddress >> 8}.${nextAddress & 255}`;
};

interface Call {
  path: string;
  method?: string;
  json?: unknown;
  token?: string;
  address: string;
}
/** One request to PocketBase as the visitor at `address` (and the member whose token it is). */
function call({ path, method = 'POST', json, token, address }: Call, base = pb.url): Promise<PlainResponse> {
  const headers: Record<string, string> = { [clientAddressHeader(pb.proxySecret)]: address };
  if (token) headers.authorization = token;
  return requestFrom('127.0.0.1', `${base}${path}`, { method, json, headers });
}

/** PocketBase's windows start at a whole second: a burst begun just after one has all of its window. */
async function atTheStartOfASecond(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
}

/** `n` allowed answers (none a 429), then `refused` more that are all 429. */
function expectLimitAt(answers: number[], n: number) {
  expect(answers.slice(0, n).filter((s) => s === 429)).toEqual([]);
  expect(answers.slice(n)).toEqual(Array(answers.length - n).fill(429));
}

let ideas: string[] = [];
/** `count` ideas on the public board (created by the operator, whom no limit counts). */
async function ideasToAct(count: number): Promise<string[]> {
  while (ideas.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - ideas.length) }, (_, i) =>
        pb.admin.collection('posts').create({ board: board.id, author, title: `Idea ${ideas.length + i}` }),
      ),
    );
    ideas = [...ideas, ...batch.map((p) => p.id)];
  }
  return ideas.slice(0, count);
}

async function member(role: 'member' | 'moderator' | 'admin' = 'member') {
  const client = await pb.actor(role);
  return { client, id: client.authStore.record?.id as string, token: client.authStore.token };
}

describe('PocketBase’s rules, per client address, in the order its matcher needs', () => {
  it('lists every narrower path prefix before the generic /api/ one', async () => {
    const settings = await pb.admin.settings.getAll();
    expect(settings.rateLimits.enabled).toBe(true);
    const rules = settings.rateLimits.rules.map((r: { label: string; maxRequests: number; duration: number }) => [
      r.label,
      r.maxRequests,
      r.duration,
    ]);
    expect(rules).toEqual([
      ['*:auth', 30, 15],
      ['*:requestOTP', 10, 60],
      ['*:requestPasswordReset', 10, 60],
      ['*:requestVerification', 10, 60],
      ['*:requestEmailChange', 10, 60],
      ['POST /api/collections/users/request-email-change', 10, 60],
      ['*:create', 100, 10],
      ['/api/batch', 3, 1],
      ['/api/chorus/passkeys/', 60, 60],
      ['POST /api/chorus/audience/token', 60, 60],
      ['/api/', 300, 10],
    ]);
  });

  it('*:auth — 30 sign-in attempts per 15 s, the 31st refused', async () => {
    const address = freshAddress();
    await atTheStartOfASecond();
    const answers = await statusesOf(
      31,
      (i) =>
        call({
          path: '/api/collections/users/auth-with-password',
          json: { identity: `a${i}@x.test`, password: 'x' },
          address,
        }),
      10,
    );
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(answers[30]).toBe(429);
  });

  it.each([
    ['*:requestOTP', 'request-otp', 200],
    ['*:requestPasswordReset', 'request-password-reset', 204],
    ['*:requestVerification', 'request-verification', 204],
  ])('%s — 10 a minute, the 11th refused', async (_rule, route, ok) => {
    const address = freshAddress();
    const answers = await statusesOf(11, (i) =>
      call({ path: `/api/collections/users/${route}`, json: { email: `${route}-${i}@nobody.test` }, address }),
    );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(ok));
    expect(answers[10]).toBe(429);
  });

  it('request-email-change — 10 a minute from one address, the 11th refused', async () => {
    const { token } = await member();
    const address = freshAddress();
    const answers = await statusesOf(11, (i) =>
      call({
        path: '/api/collections/users/request-email-change',
        json: { newEmail: `moved-${i}@new.test` },
        token,
        address,
      }),
    );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(204));
    expect(answers[10]).toBe(429);
  });

  it('*:create — 100 creates per 10 s, the 101st refused', async () => {
    const targets = await ideasToAct(101);
    const { id, token } = await member();
    const address = freshAddress();
    await atTheStartOfASecond();
    const answers = await statusesOf(
      101,
      (i) =>
        call({
          path: '/api/collections/subscriptions/records',
          json: { post: targets[i], user: id },
          token,
          address,
        }),
      10,
    );
    expectLimitAt(answers, 100);
    expect(answers.slice(0, 100)).toEqual(Array(100).fill(200));
  });

  it('/api/batch — 3 a second, the 4th refused', async () => {
    const address = freshAddress();
    await atTheStartOfASecond();
    const answers = await statusesOf(4, () => call({ path: '/api/batch', json: { requests: [] }, address }), 4);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
  });

  it('/api/chorus/passkeys/ — 60 a minute, the 61st refused (it stood after /api/ and never applied)', async () => {
    const address = freshAddress();
    const answers = await statusesOf(61, () => call({ path: '/api/chorus/passkeys/challenge', json: {}, address }), 10);
    expectLimitAt(answers, 60);
    // The generic bucket is another: the same visitor still reads the rest of the API.
    expect((await call({ path: '/api/health', method: 'GET', address })).status).toBe(200);
  });

  it('POST /api/chorus/audience/token — 60 a minute, the 61st refused, even with the right proof', async () => {
    const address = freshAddress();
    // Guesses at the site's proof: each is refused (401) and counted.
    const answers = await statusesOf(
      60,
      (i) => call({ path: '/api/chorus/audience/token', json: { proof: `guess-${i}` }, address }),
      10,
    );
    expect(answers).toEqual(Array(60).fill(401));
    const proof = await signSiteProof(pb.proxySecret, 'audience', { act: 'token' });
    expect((await call({ path: '/api/chorus/audience/token', json: { proof }, address })).status).toBe(429);
    // Another address (another isolate of the Worker) still gets the token with it; the rest of the API still answers.
    expect((await call({ path: '/api/chorus/audience/token', json: { proof }, address: freshAddress() })).status).toBe(
      200,
    );
    expect((await call({ path: '/api/health', method: 'GET', address })).status).toBe(200);
  });

  it('/api/ — 300 requests per 10 s, the 301st refused', async () => {
    const address = freshAddress();
    await atTheStartOfASecond();
    const answers = await statusesOf(301, () => call({ path: '/api/health', method: 'GET', address }), 30);
    expectLimitAt(answers, 300);
  });
});

describe('sign-in attempts and emails (pb_hooks/auth/auth-limits.js)', () => {
  const signIn = (identity: string, password: string, address: string) =>
    call({ path: '/api/collections/users/auth-with-password', json: { identity, password }, address });

  it('password — 10 wrong passwords per account from one address in 10 minutes, the 11th refused', async () => {
    const email = (await member()).client.authStore.record?.email as string;
    const address = freshAddress();
    const answers = await statusesOf(11, (i) => signIn(email, `wrong-${i}`, address));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers[10]).toBe(429);
  });

  it('password-account — 100 wrong passwords per account from anywhere in an hour, the 101st refused', async () => {
    const email = (await member()).client.authStore.record?.email as string;
    const answers = await statusesOf(101, (i) => signIn(email, `guess-${i}`, freshAddress()), 10);
    expect(answers.slice(0, 100)).toEqual(Array(100).fill(400));
    expect(answers[100]).toBe(429);
  }, 60_000);

  it('otp — 5 sign-in codes per recipient in 15 minutes, the 6th refused', async () => {
    const email = (await member()).client.authStore.record?.email as string;
    const answers = await statusesOf(6, () =>
      call({ path: '/api/collections/users/request-otp', json: { email }, address: freshAddress() }),
    );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('email-change — 5 links to one new address in 15 minutes, the 6th refused', async () => {
    const { token } = await member();
    const newEmail = `wanted-${Date.now()}@new.test`;
    const answers = await statusesOf(6, () =>
      call({ path: '/api/collections/users/request-email-change', json: { newEmail }, token, address: freshAddress() }),
    );
    expect(answers).toEqual([204, 204, 204, 204, 204, 429]);
  });
});

describe('password-reset and verification — 5 emails per recipient in 15 minutes, then silence', () => {
  // These answer 204 to every request (so nothing tells who has an account): the number shows in the emails
  // tried, to a mail server that never answers (tests/support/silent-smtp.ts).
  let quiet: SilentSmtpPocketBase;
  beforeAll(async () => {
    quiet = await startSilentSmtpPocketBase();
  });
  afterAll(async () => {
    await quiet?.stop();
  });

  it.each(['request-password-reset', 'request-verification'])('%s: the 6th email is not sent', async (route) => {
    const client = await quiet.pb.actor('member', { verified: false });
    const email = client.authStore.record?.email as string;
    const sent = async (count: number) => {
      const before = quiet.tried();
      const answers = await statusesOf(count, () =>
        call({ path: `/api/collections/users/${route}`, json: { email }, address: freshAddress() }, quiet.pb.url),
      );
      expect(answers).toEqual(Array(count).fill(204));
      await new Promise((r) => setTimeout(r, 800)); // sends start in the background
      return quiet.tried() - before;
    };
    expect(await sent(5)).toBe(5);
    expect(await sent(1)).toBe(0);
  });
});

describe('creates per member (pb_hooks/platform/create-limits.pb.js), whatever address they post from', () => {
  /** Creates in `collection` as the member, from a new address every 50 calls (past PocketBase's per-address rule). */
  const creates = (collection: string, token: string, count: number, body: (i: number) => unknown) => {
    let address = freshAddress();
    return statusesOf(
      count,
      (i) => {
        if (i % 50 === 0) address = freshAddress();
        return call({ path: `/api/collections/${collection}/records`, json: body(i), token, address });
      },
      10,
    );
  };

  it('posts — 20 ideas in 10 minutes, the 21st refused', async () => {
    const { id, token } = await member();
    const answers = await creates('posts', token, 21, (i) => ({ board: board.id, author: id, title: `Mine ${i}` }));
    expectLimitAt(answers, 20);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
  });

  it('comments — 40 in 10 minutes, the 41st refused', async () => {
    const [idea] = await ideasToAct(1);
    const { id, token } = await member();
    const answers = await creates('comments', token, 41, (i) => ({ post: idea, author: id, body: `Comment ${i}` }));
    expectLimitAt(answers, 40);
    expect(answers.slice(0, 40)).toEqual(Array(40).fill(200));
  });

  it.each(['votes', 'subscriptions'])(
    '%s — 200 in 10 minutes, the 201st refused',
    async (collection) => {
      const targets = await ideasToAct(201);
      const { id, token } = await member();
      const answers = await creates(collection, token, 201, (i) => ({ post: targets[i], user: id }));
      expectLimitAt(answers, 200);
      expect(answers.slice(0, 200)).toEqual(Array(200).fill(200));
    },
    60_000,
  );

  it('reactions — 200 in 10 minutes, the 201st refused', async () => {
    const [idea] = await ideasToAct(1);
    const comments = await Promise.all(
      Array.from({ length: 34 }, (_, i) =>
        pb.admin.collection('comments').create({ post: idea, author, body: `For reactions ${i}` }),
      ),
    );
    const emojis = ['👍', '❤️', '🎉', '😄', '😕', '👀'];
    const { id, token } = await member();
    const answers = await creates('reactions', token, 201, (i) => ({
      comment: comments[Math.floor(i / 6)]?.id,
      emoji: emojis[i % 6],
      user: id,
    }));
    expectLimitAt(answers, 200);
    expect(answers.slice(0, 200)).toEqual(Array(200).fill(200));
  }, 60_000);
});

describe('Chorus’s other counters (pb_hooks/platform/limits.js)', () => {
  it('questions — 10 questions to voters an hour per staff member, the 11th refused', async () => {
    const targets = await ideasToAct(11);
    const { token } = await member('moderator');
    const address = freshAddress();
    const answers = await statusesOf(11, (i) =>
      call({ path: `/api/chorus/posts/${targets[i]}/ask`, json: { body: `Question ${i}?` }, token, address }),
    );
    expectLimitAt(answers, 10);
  });

  it('staff-lookup — 120 customers looked up by email an hour per staff member, the 121st refused', async () => {
    const [idea] = await ideasToAct(1);
    const { token } = await member('moderator');
    const staffEmail = (await member('admin')).client.authStore.record?.email as string;
    const address = freshAddress();
    const started = performance.now();
    // The cheapest look-up, a staff address (refused 400 for everyone, after it is counted), 10 at a time.
    const answers = await statusesOf(
      121,
      () => call({ path: `/api/chorus/posts/${idea}/vote-on-behalf`, json: { email: staffEmail }, token, address }),
      10,
    );
    console.log(`staff-lookup: 121 look-ups, ${Math.round(performance.now() - started)} ms`);
    expect(answers.slice(0, 120)).toEqual(Array(120).fill(400));
    expect(answers[120]).toBe(429);
  });

  it('changelog-subscribe — 10 subscription requests an hour per client address, the 11th refused', async () => {
    const address = freshAddress();
    const answers = await statusesOf(11, (i) =>
      call({ path: '/api/chorus/changelog/subscribe', json: { email: `reader-${i}@news.test` }, address }),
    );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(answers[10]).toBe(429);
  });

  it('taken-email — 3 notices an hour to the holder of an address others try to take, the 4th not sent', async () => {
    const email = (await member()).client.authStore.record?.email as string;
    const notices = () =>
      mail.messages.filter(
        (m: { to: string; subject: string }) => m.to.includes(email) && /tried to use/.test(m.subject),
      ).length;
    // Strangers sign up with the customer's address, each from an address of their own, then a member asks to
    // move their account to it: every answer is a new address's, and the one counter spans both paths.
    const signUps = await statusesOf(5, (i) =>
      call({
        path: '/api/collections/users/records',
        json: {
          name: 'Stranger',
          email,
          password: `stranger-${i}-password`,
          passwordConfirm: `stranger-${i}-password`,
        },
        address: freshAddress(),
      }),
    );
    expect(signUps).toEqual(Array(5).fill(200));
    const { token } = await member();
    const move = await call({
      path: '/api/collections/users/request-email-change',
      json: { newEmail: email },
      token,
      address: freshAddress(),
    });
    expect(move.status).toBe(204);
    // Notices are sent from a queue (pb_hooks/account/taken-email.js): wait for three, then a moment for any more.
    for (let i = 0; i < 50 && notices() < 3; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    expect(notices()).toBe(3);
  });

  it('data-export — 3 downloads of one’s data an hour, the 4th refused', async () => {
    const { token } = await member();
    const answers = await statusesOf(4, () =>
      call({ path: '/api/chorus/me/export', method: 'GET', token, address: freshAddress() }),
    );
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('fresh-signin — 10 proofs of a fresh sign-in in 10 minutes, the 11th refused (even the right one)', async () => {
    const { token } = await member();
    const answers = await statusesOf(10, (i) =>
      call({ path: '/api/chorus/me/fresh', json: { password: `wrong-${i}` }, token, address: freshAddress() }),
    );
    expect(answers).toEqual(Array(10).fill(400));
    const right = await call({
      path: '/api/chorus/me/fresh',
      json: { password: TEST_PASSWORD },
      token,
      address: freshAddress(),
    });
    expect(right.status).toBe(429);
  });

  it('mentionable — 120 suggestion lists a minute per member, the 121st refused', async () => {
    const [idea] = await ideasToAct(1);
    const { token } = await member();
    const address = freshAddress();
    const answers = await statusesOf(
      121,
      () => call({ path: `/api/chorus/posts/${idea}/mentionable?q=a`, method: 'GET', token, address }),
      10,
    );
    expectLimitAt(answers, 120);
    expect(answers.slice(0, 120)).toEqual(Array(120).fill(200));
  });
});
