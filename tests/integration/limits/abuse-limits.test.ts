// Limits on by default: per account, per recipient address and per member (hooks), and per client
// address (PocketBase's limiter) — while another address and other people carry on normally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { requestFrom, statusesOf } from '../../support/from-address';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { type SilentSmtpPocketBase, startSilentSmtpPocketBase } from '../../support/silent-smtp';

const TOO_MANY = {
  status: 429,
  code: 'tooManyAttempts',
  message: 'Too many attempts, try again in a minute.',
  data: {},
};
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort() });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort });
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const api = (path: string) => `${pb.url}/api/collections/users/${path}`;
const post = (from: string, path: string, json: unknown) => requestFrom(from, api(path), { method: 'POST', json });
const bodyOf = (res: { body: string }) => JSON.parse(res.body || '{}');

async function newMember(fields: Record<string, unknown> = {}): Promise<string> {
  const client = await pb.actor('member', fields);
  return client.authStore.record?.email as string;
}

describe('limits set by the migration', () => {
  it('switches PocketBase’s rate limiter on and trusts only the header named after the site’s secret', async () => {
    const settings = await pb.admin.settings.getAll();
    expect(settings.rateLimits.enabled).toBe(true);
    expect(settings.rateLimits.rules.map((r: { label: string }) => r.label)).toEqual([
      '*:auth',
      '*:requestOTP',
      '*:requestPasswordReset',
      '*:requestVerification',
      '*:requestEmailChange',
      'POST /api/collections/users/request-email-change',
      '*:create',
      '/api/batch',
      '/api/chorus/passkeys/',
      'POST /api/chorus/audience/token',
      '/api/',
    ]);
    expect(settings.trustedProxy.headers).toEqual([clientAddressHeader(pb.proxySecret)]);
    expect(clientAddressHeader(pb.proxySecret)).toMatch(/^X-Chorus-Ip-[0-9a-f]{32}$/);
  });
});

describe('wrong passwords per account', () => {
  const signIn = (from: string, identity: string, password: string, headers: Record<string, string> = {}) =>
    requestFrom(from, api('auth-with-password'), { method: 'POST', json: { identity, password }, headers });
  /** As the site names a visitor's address to PocketBase (the header the proxy secret names). */
  const visitor = (address: string) => ({ [clientAddressHeader(pb.proxySecret)]: address });

  it('locks a stranger’s address after 10 wrong passwords and says the real wait, while the owner signs in from theirs', async () => {
    const email = await newMember();
    for (let i = 0; i < 10; i++) expect((await signIn('127.0.0.35', email, `wrong-${i}`)).status).toBe(400);
    const locked = await signIn('127.0.0.35', email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(bodyOf(locked)).toEqual({
      status: 429,
      code: 'tooManyAttemptsWait',
      message: 'Too many sign-in attempts: try again in 10 minutes.',
      data: { retry_after: wait },
    });
    const inJapanese = await signIn('127.0.0.35', email, TEST_PASSWORD, { 'accept-language': 'ja' });
    expect(bodyOf(inJapanese).message).toBe('サインインの試行回数が多すぎます。10 分後にもう一度お試しください。');
    // The owner, from another address (a prefix of the stranger's), signs in while the stranger stays locked.
    expect((await signIn('127.0.0.3', email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn('127.0.0.35', email, 'wrong-again')).status).toBe(429);
  });

  it('brakes an account guessed from many addresses, except where its owner signed in before', async () => {
    const email = await newMember();
    expect((await signIn('127.0.3.9', email, TEST_PASSWORD, visitor('10.70.0.1'))).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 100; i++) {
      statuses.push((await signIn('127.0.3.9', email, 'guess', visitor(`10.71.${i % 10}.${i}`))).status);
    }
    expect(statuses).toEqual(Array(100).fill(400));
    const elsewhere = await signIn('127.0.3.9', email, TEST_PASSWORD, visitor('10.72.0.1'));
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(3500);
    expect(bodyOf(elsewhere).message).toBe('Too many sign-in attempts: try again in 60 minutes.');
    // From the address it signed in from before, the owner still gets in.
    expect((await signIn('127.0.3.9', email, TEST_PASSWORD, visitor('10.70.0.1'))).status).toBe(200);
  }, 120_000);

  it('lifts the lock once the owner signs in with an emailed code', async () => {
    const email = await newMember();
    for (let i = 0; i < 10; i++) await signIn('127.0.0.7', email, `wrong-${i}`);
    expect((await signIn('127.0.0.7', email, TEST_PASSWORD)).status).toBe(429);
    const { otpId } = bodyOf(await post('127.0.0.8', 'request-otp', { email }));
    const sent = await mail.waitFor(
      (m: { to: string; subject: string }) => m.to.includes(email) && /code/.test(m.subject),
    );
    const code = sent.text.match(/\b(\d{6})\b/)?.[1];
    // Signed in elsewhere with the code, the owner gets in with the password where they had mistyped it.
    expect((await post('127.0.0.8', 'auth-with-otp', { otpId, password: code })).status).toBe(200);
    expect((await signIn('127.0.0.7', email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lifts the lock once the owner sets a new password from the emailed link', async () => {
    const email = await newMember();
    for (let i = 0; i < 10; i++) await signIn('127.0.0.9', email, `wrong-${i}`);
    expect((await signIn('127.0.0.9', email, TEST_PASSWORD)).status).toBe(429);
    expect((await post('127.0.0.10', 'request-password-reset', { email })).status).toBe(204);
    const sent = await mail.waitFor(
      (m: { to: string; subject: string }) => m.to.includes(email) && /reset/i.test(m.subject),
    );
    const link = sent.html.match(/href="([^"]+)"/)?.[1] ?? '';
    const token = new URL(link.replaceAll('&amp;', '&')).searchParams.get('token');
    const password = 'a brand new password';
    const confirmed = await post('127.0.0.10', 'confirm-password-reset', {
      token,
      password,
      passwordConfirm: password,
    });
    expect(confirmed.status).toBe(204);
    expect((await signIn('127.0.0.9', email, password)).status).toBe(200);
  });

  it('starts over after a correct password', async () => {
    const email = await newMember();
    for (let i = 0; i < 9; i++) await post('127.0.0.6', 'auth-with-password', { identity: email, password: 'nope' });
    expect((await post('127.0.0.6', 'auth-with-password', { identity: email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < 9; i++) {
      expect((await post('127.0.0.6', 'auth-with-password', { identity: email, password: 'nope' })).status).toBe(400);
    }
  });
});

describe('emails per recipient address', () => {
  const emailsTo = (email: string, subject: RegExp) =>
    mail.messages.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && subject.test(m.subject));

  it('request-otp: at most 5 sign-in codes to one address, from any client address', async () => {
    const email = await newMember({ verified: false });
    const target = email.toUpperCase(); // the same recipient, however it is spelled
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push((await post(`127.0.1.${i + 1}`, 'request-otp', { email: i % 2 ? target : email })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another recipient is unaffected.
    const other = await newMember({ verified: false });
    expect((await post('127.0.1.1', 'request-otp', { email: other })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    const sent = emailsTo(email, /sign-in code/).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(5);
  });

  // PocketBase sends these only to an existing account, at most once per 2 minutes, and answers every
  // request 204 alike. Past Chorus's count the answer is that same 204, so nothing tells who has an account.
  it.each([
    ['request-password-reset', /password/i],
    ['request-verification', /verif/i],
  ])('%s: answers 204 to every request to one address, from any client address', async (path, subject) => {
    const email = await newMember({ verified: false });
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push((await post(`127.0.4.${i + 1}`, path, { email: i % 2 ? email.toUpperCase() : email })).status);
    expect(answers).toEqual(Array(7).fill(204));
    await new Promise((r) => setTimeout(r, 1500));
    const sent = emailsTo(email, subject).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(5);
  });

  it('request-email-change: at most 5 links to one new address', async () => {
    const member = await pb.actor('member');
    const newEmail = `new-${Date.now()}@chorus.test`;
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await member
          .collection('users')
          .requestEmailChange(newEmail)
          .then(() => 'sent')
          .catch((error) => error.response),
      );
    }
    expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', TOO_MANY]);
  });

  it('throttles an unknown address the same way, so the answer tells nothing about accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('127.0.2.1', 'request-otp', { email: 'nobody@chorus.test' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('password reset and verification links per recipient, past PocketBase’s own 2-minute mark', () => {
  // A mail server that never answers keeps PocketBase's own mark unset (tests/support/silent-smtp.ts).
  let quiet: SilentSmtpPocketBase;
  beforeAll(async () => {
    quiet = await startSilentSmtpPocketBase();
  });
  afterAll(async () => {
    await quiet?.stop();
  });

  it.each(['request-password-reset', 'request-verification'])(
    '%s: at most 5 emails are tried for one address in the window',
    async (path) => {
      const member = await quiet.pb.actor('member', { verified: false });
      const email = member.authStore.record?.email as string;
      const before = quiet.tried();
      const answers = [];
      for (let i = 0; i < 8; i++) {
        const url = `${quiet.pb.url}/api/collections/users/${path}`;
        answers.push((await requestFrom(`127.0.5.${i + 1}`, url, { method: 'POST', json: { email } })).status);
      }
      expect(answers).toEqual(Array(8).fill(204));
      await new Promise((r) => setTimeout(r, 1000)); // sends start in the background
      expect(quiet.tried() - before).toBe(5);
    },
  );
});

describe('creates per member', () => {
  it('accepts 20 ideas in ten minutes from one member, refuses the 21st, and lets others post', async () => {
    const board = await pb.admin.collection('boards').create({ name: 'Limits', slug: 'limits', visibility: 'public' });
    const [member, other] = await Promise.all([pb.actor('member'), pb.actor('member')]);
    const idea = (client: typeof member) => ({ board: board.id, author: client.authStore.record?.id, title: 'Idea' });
    for (let i = 0; i < 20; i++) await member.collection('posts').create(idea(member));
    const refused = await member
      .collection('posts')
      .create(idea(member))
      .catch((error) => error);
    expect(refused.status).toBe(429);
    expect(refused.response).toEqual(TOO_MANY);
    expect((await other.collection('posts').create(idea(other))).title).toBe('Idea');
  });
});

describe('per client address (PocketBase’s limiter)', () => {
  it('throttles one address hammering sign-in while a second address signs in normally', async () => {
    const email = await newMember();
    const statuses = await statusesOf(
      31,
      (i) => post('127.0.3.1', 'auth-with-password', { identity: `x${i}@chorus.test`, password: 'x' }),
      10,
    );
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const second = await post('127.0.0.2', 'auth-with-password', { identity: email, password: TEST_PASSWORD });
    expect(second.status).toBe(200);
  });

  it('believes no address header without the secret: made-up addresses do not escape the limiter', async () => {
    const statuses = await statusesOf(
      31,
      (i) => {
        const forged = `10.66.0.${i + 1}`;
        const headers = {
          'X-Chorus-Client-Ip': forged, // the header trusted before, with its old companion
          'X-Chorus-Proxy-Secret': 'a guess',
          [clientAddressHeader('a guessed secret')]: forged,
          'X-Forwarded-For': forged,
        };
        return requestFrom('127.0.3.2', api('auth-with-password'), {
          method: 'POST',
          json: { identity: `y${i}@chorus.test`, password: 'x' },
          headers,
        });
      },
      10,
    );
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts each visitor the site names apart, in the header the secret names', async () => {
    const statuses = await statusesOf(
      31,
      (i) =>
        requestFrom('127.0.3.3', api('auth-with-password'), {
          method: 'POST',
          json: { identity: `z${i}@chorus.test`, password: 'x' },
          headers: { [clientAddressHeader(pb.proxySecret)]: `10.67.0.${i + 1}` },
        }),
      10,
    );
    expect(statuses).toEqual(Array(31).fill(400));
  });
});
