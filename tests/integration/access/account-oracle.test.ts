// No answer tells who has an account: a stranger probing an address through sign-up, a sign-in code, a password
// reset, a verification link or an email change gets the same answer for a taken address as for a free one,
// and the holder of a taken address is told by email (pb_hooks/account/taken-email.js).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { type PlainResponse, requestFrom } from '../../support/from-address';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const APP_URL = 'http://127.0.0.1:4321';

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort() });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: APP_URL });
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

let visitors = 0;
/** The stranger's requests, each from a client address of its own (the limits are not what is probed here). */
function asStranger(path: string, json: unknown, token = ''): Promise<PlainResponse> {
  visitors += 1;
  const headers: Record<string, string> = {
    [clientAddressHeader(pb.proxySecret)]: `10.230.${visitors >> 8}.${visitors & 255}`,
  };
  if (token) headers.authorization = token;
  return requestFrom('127.0.0.1', `${pb.url}${path}`, { method: 'POST', json, headers });
}

/** The sign-up form's request (src/features/auth/auth-data.ts signUp). */
const signUp = (email: string, password = 'a stranger’s password') =>
  asStranger('/api/collections/users/records', {
    name: 'Stranger',
    email,
    password,
    passwordConfirm: password,
    emailVisibility: false,
    browser_time_zone: 'Europe/Paris',
  });

const bodyOf = (res: PlainResponse) => JSON.parse(res.body || 'null');
/** An answer's shape: its keys, and each value's type, all the way down. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  }
  return typeof value;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const freshEmail = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@mail.test`;

async function customer(fields: Record<string, unknown> = {}) {
  const client = await pb.actor('member', fields);
  return { client, email: client.authStore.record?.email as string, id: client.authStore.record?.id as string };
}
const mailTo = (email: string, subject: RegExp) =>
  mail.waitFor((m: { to: string; subject: string }) => m.to.includes(email) && subject.test(m.subject));

describe('sign-up', () => {
  it('a stranger signs up with the customer’s email: the answer is a new account’s, and the customer is told', async () => {
    const { email } = await customer();
    const taken = await signUp(email);
    const free = await signUp(freshEmail('new'));
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect(shapeOf(bodyOf(taken))).toEqual(shapeOf(bodyOf(free)));
    expect(bodyOf(taken).id).toMatch(/^[a-z0-9]{15}$/);
    expect(bodyOf(taken)).not.toHaveProperty('email');
    // The next step of the form, a sign-in code, answers alike too.
    const codeTaken = await asStranger('/api/collections/users/request-otp', { email });
    const codeFree = await asStranger('/api/collections/users/request-otp', { email: freshEmail('nobody') });
    expect([codeTaken.status, codeFree.status]).toEqual([200, 200]);
    expect(shapeOf(bodyOf(codeTaken))).toEqual(shapeOf(bodyOf(codeFree)));
    // The customer is told, with a way in; the stranger's password opens nothing.
    const notice = await mailTo(email, /tried to use your/);
    expect(notice.subject).toBe('Someone tried to use your Chorus email address');
    expect(notice.text).toContain('tried to create a Chorus account with this email address');
    expect(notice.text).toContain(`${APP_URL}/signin`);
    expect(notice.text).toContain(`${APP_URL}/reset-password`);
    const stranger = await asStranger('/api/collections/users/auth-with-password', {
      identity: email,
      password: 'a stranger’s password',
    });
    expect(stranger.status).toBe(400);
    expect(
      (await pb.admin.collection('users').getFullList({ filter: pb.admin.filter('email = {:email}', { email }) }))
        .length,
    ).toBe(1);
  });

  it('answers a taken email no faster nor slower than a free one', async () => {
    const { email } = await customer();
    const time = async (address: string) => {
      const started = performance.now();
      const answer = await signUp(address);
      expect(answer.status).toBe(200);
      return performance.now() - started;
    };
    const taken: number[] = [];
    const free: number[] = [];
    // Nine pairs, taken and free in turn: the median holds when other test files keep both cores busy (five did not).
    for (let i = 0; i < 9; i++) {
      free.push(await time(freshEmail('timing')));
      taken.push(await time(email));
    }
    const [t, f] = [median(taken), median(free)];
    expect(t / f).toBeGreaterThan(0.5);
    expect(t / f).toBeLessThan(2);
  });

  it('still refuses what is wrong besides the address, alike for a taken one and a free one', async () => {
    const { email } = await customer();
    const taken = await signUp(email, 'short');
    const free = await signUp(freshEmail('short'), 'short');
    expect(taken.status).toBe(400);
    expect(bodyOf(taken)).toEqual(bodyOf(free));
    expect(Object.keys(bodyOf(taken).data)).toEqual(['password']);
  });

  it('tells the holder in their language', async () => {
    const { email } = await customer({ locale: 'fr' });
    expect((await signUp(email)).status).toBe(200);
    const notice = await mailTo(email, /adresse e-mail/);
    expect(notice.subject).toBe('Quelqu’un a essayé d’utiliser votre adresse e-mail Chorus');
  });

  it('an operator creating an account with a taken email still hears so', async () => {
    const { email } = await customer();
    const refused = await pb.admin
      .collection('users')
      .create({ email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD })
      .catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.response.data.email.code).toBe('validation_not_unique');
  });
});

describe('the emailed links', () => {
  it.each(['request-password-reset', 'request-verification'])(
    '%s answers a taken address and a free one alike (204, no body)',
    async (route) => {
      const { email } = await customer({ verified: false });
      const taken = await asStranger(`/api/collections/users/${route}`, { email });
      const free = await asStranger(`/api/collections/users/${route}`, { email: freshEmail('nobody') });
      expect([taken.status, taken.body]).toEqual([204, '']);
      expect([free.status, free.body]).toEqual([204, '']);
    },
  );
});

describe('email change', () => {
  it('a member asks to move their account to the customer’s address: 204 as for a free one, the customer is told', async () => {
    const { email } = await customer();
    const prober = await customer();
    const taken = await asStranger(
      '/api/collections/users/request-email-change',
      { newEmail: email },
      prober.client.authStore.token,
    );
    const freeAddress = freshEmail('moving');
    const free = await asStranger(
      '/api/collections/users/request-email-change',
      { newEmail: freeAddress },
      prober.client.authStore.token,
    );
    expect([taken.status, taken.body]).toEqual([204, '']);
    expect([free.status, free.body]).toEqual([204, '']);
    // The free address gets PocketBase's confirmation link (localized by Chorus), the taken one a notice.
    const link = await mailTo(freeAddress, /Confirm your new/);
    expect(link.text).toContain(`${APP_URL}/settings?confirm-email=`);
    const notice = await mailTo(email, /tried to use your/);
    expect(notice.text).toContain('tried to move another Chorus account to this email address');
    expect(
      mail.messages.some(
        (m: { to: string; subject: string }) => m.to.includes(email) && /Confirm your new/.test(m.subject),
      ),
    ).toBe(false);
    // The link to the free address still works: the member confirms it and signs in with it.
    const token = new URL(link.text.match(/https?:\/\/\S+confirm-email=\S+/)?.[0] ?? '').searchParams.get(
      'confirm-email',
    );
    const confirmed = await asStranger('/api/collections/users/confirm-email-change', {
      token,
      password: TEST_PASSWORD,
    });
    expect(confirmed.status).toBe(204);
    const signedIn = await asStranger('/api/collections/users/auth-with-password', {
      identity: freeAddress,
      password: TEST_PASSWORD,
    });
    expect(signedIn.status).toBe(200);
  });

  it('answers PocketBase’s own refusals for a malformed or unchanged address, and refuses visitors', async () => {
    const prober = await customer();
    const token = prober.client.authStore.token;
    const answer = async (newEmail: string) =>
      bodyOf(await asStranger('/api/collections/users/request-email-change', { newEmail }, token));
    expect((await answer('')).data.newEmail.code).toBe('validation_required');
    expect((await answer('not an email')).data.newEmail).toEqual({
      code: 'validation_is_email',
      message: 'Must be a valid email address.',
    });
    expect((await answer(prober.email)).data.newEmail.code).toBe('validation_not_in_invalid');
    expect(
      (await asStranger('/api/collections/users/request-email-change', { newEmail: freshEmail('x') })).status,
    ).toBe(401);
  });
});

describe('staff look-ups by email: one rule (pb_hooks/account/staff-lookup.js)', () => {
  type Role = 'member' | 'moderator' | 'admin';
  const roles: Role[] = ['member', 'moderator', 'admin'];
  let idea: string;
  let target: Awaited<ReturnType<typeof customer>>;
  let admin: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    const board = await pb.admin.collection('boards').create({ name: 'Behalf', slug: 'behalf', visibility: 'public' });
    target = await customer();
    admin = { ...(await customer()), ...{} };
    await pb.admin.collection('users').update(admin.id, { role: 'admin' });
    idea = (await pb.admin.collection('posts').create({ board: board.id, author: target.id, title: 'Dark mode' })).id;
  });
  const voteFor = async (role: Role, email: string) => {
    const actor = await pb.actor(role);
    return asStranger(`/api/chorus/posts/${idea}/vote-on-behalf`, { email }, actor.authStore.token);
  };

  it.each(roles)('%s: an exact customer address resolves for staff only', async (role) => {
    const answer = await voteFor(role, `  ${target.email.toUpperCase()} `);
    if (role === 'member') return expect(answer.status).toBe(403);
    expect([200, 201]).toContain(answer.status);
    expect(bodyOf(answer).user.id).toBe(target.id);
    expect(bodyOf(answer).user_created).toBe(false);
  });

  it.each(roles)('%s: a part of an address or a pattern resolves nothing', async (role) => {
    for (const partial of [
      target.email.split('@')[0] ?? '',
      `@${target.email.split('@')[1]}`,
      `${target.email.slice(0, 5)}*`,
    ]) {
      const answer = await voteFor(role, partial);
      expect(answer.status).toBe(role === 'member' ? 403 : 400);
    }
  });

  it.each(roles)(
    '%s: a staff account’s address resolves for no one (a moderator asking for the admin’s)',
    async (role) => {
      const answer = await voteFor(role, admin.email);
      if (role === 'member') return expect(answer.status).toBe(403);
      expect(answer.status).toBe(400);
      expect(bodyOf(answer).code).toBe('staffEmailNotCustomer');
      expect(bodyOf(answer)).not.toHaveProperty('user');
      const votes = await pb.admin
        .collection('votes')
        .getFullList({ filter: pb.admin.filter('user = {:id}', { id: admin.id }) });
      expect(votes).toEqual([]);
    },
  );

  it.each(roles)('%s: the users list takes no email in its filter or sort, exact or in part', async (role) => {
    const actor = await pb.actor(role);
    const list = (query: string) =>
      requestFrom('127.0.0.1', `${pb.url}/api/collections/users/records?${query}`, {
        headers: { authorization: actor.authStore.token },
      });
    for (const query of [
      `filter=${encodeURIComponent(`email = "${target.email}"`)}`,
      `filter=${encodeURIComponent(`email ~ "${target.email.slice(0, 6)}"`)}`,
      'sort=email',
    ]) {
      const answer = await list(query);
      expect(answer.status).toBe(400);
      expect(bodyOf(answer).code).toBe('emailSearchRefused');
    }
    expect((await list(`filter=${encodeURIComponent('name != ""')}`)).status).toBe(200);
  });
});
