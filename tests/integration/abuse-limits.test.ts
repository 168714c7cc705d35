// Limits on by default: per account, per recipient address and per member (hooks), and per client
// address (PocketBase's limiter) — while another address and other people carry on normally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { requestFrom } from '../support/from-address';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../support/pocketbase';

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
  it('switches PocketBase’s rate limiter on and trusts only the site’s client-address header', async () => {
    const settings = await pb.admin.settings.getAll();
    expect(settings.rateLimits.enabled).toBe(true);
    expect(settings.rateLimits.rules.map((r: { label: string }) => r.label)).toEqual([
      '*:auth',
      '*:requestOTP',
      '*:requestPasswordReset',
      '*:requestVerification',
      '*:requestEmailChange',
      '*:create',
      '/api/batch',
      '/api/',
    ]);
    expect(settings.trustedProxy.headers).toEqual(['X-Chorus-Client-Ip']);
  });
});

describe('wrong passwords per account', () => {
  it('locks the account’s sign-in after 10 attempts, from any address, with a clear message', async () => {
    const email = await newMember();
    for (let i = 0; i < 10; i++) {
      const res = await post(i % 2 ? '127.0.0.3' : '127.0.0.4', 'auth-with-password', {
        identity: email,
        password: `wrong-${i}`,
      });
      expect(res.status).toBe(400);
    }
    const locked = await post('127.0.0.5', 'auth-with-password', { identity: email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(bodyOf(locked)).toEqual(TOO_MANY);
    // Someone else signs in normally from the same address.
    const other = await newMember();
    const fine = await post('127.0.0.5', 'auth-with-password', { identity: other, password: TEST_PASSWORD });
    expect(fine.status).toBe(200);
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
  it.each([
    ['request-otp', 'sign-in codes', /sign-in code/],
    ['request-password-reset', 'password resets', /password/i],
    ['request-verification', 'verification links', /verif/i],
  ])('%s: at most 5 %s to one address, from any client address', async (path, _what, subject) => {
    const email = await newMember({ verified: false });
    const target = email.toUpperCase(); // the same recipient, however it is spelled
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push((await post(`127.0.1.${i + 1}`, path, { email: i % 2 ? target : email })).status);
    expect(answers.slice(0, 5).every((s) => s === 200 || s === 204)).toBe(true);
    expect(answers.slice(5)).toEqual([429, 429]);
    // Another recipient is unaffected.
    const other = await newMember({ verified: false });
    expect([200, 204]).toContain((await post('127.0.1.1', path, { email: other })).status);
    await new Promise((r) => setTimeout(r, 1500));
    const sent = mail.messages.filter(
      (m) => m.to.toLowerCase().includes(email.toLowerCase()) && subject.test(m.subject),
    );
    expect(sent.length).toBeLessThanOrEqual(5);
    expect(sent.length).toBeGreaterThanOrEqual(1);
  });

  it('throttles an unknown address the same way, so the answer tells nothing about accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('127.0.2.1', 'request-otp', { email: 'nobody@chorus.test' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
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
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await post('127.0.3.1', 'auth-with-password', { identity: `x${i}@chorus.test`, password: 'x' })).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const second = await post('127.0.0.2', 'auth-with-password', { identity: email, password: TEST_PASSWORD });
    expect(second.status).toBe(200);
  });
});
