// Cloudflare Turnstile on sign-up and sign-in by emailed code (issue 38), against a local stand-in that speaks
// siteverify (tests/support/turnstile-stand-in.ts): off, nothing is asked; on, a good token passes once, a bad,
// replayed, missing or other-host token is refused, and the secret never leaves the server.
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { DUMMY_TOKEN, startTurnstileStandIn } from '../../support/turnstile-stand-in';

const SECRET = 'stand-in-secret-0123456789';
let standIn: Awaited<ReturnType<typeof startTurnstileStandIn>>;
let pb: TestPocketBase;
let admin: PocketBase;
let count = 0;
beforeAll(async () => {
  standIn = await startTurnstileStandIn({ secret: SECRET, hostname: '127.0.0.1' });
  pb = await startTestPocketBase({
    appUrl: 'http://127.0.0.1:4321',
    env: { CHORUS_TURNSTILE_VERIFY_URL: standIn.url },
  });
  admin = await pb.actor('admin');
});
afterAll(async () => {
  await pb?.stop();
  await standIn?.stop();
});

const signUp = (token?: string) => {
  count += 1;
  return pb
    .visitor()
    .collection('users')
    .create({
      email: `new-${count}-${Date.now()}@chorus.test`,
      password: 'a-long-password-123',
      passwordConfirm: 'a-long-password-123',
      name: `New ${count}`,
      ...(token !== undefined && { turnstile_token: token }),
    });
};
const requestCode = (token?: string) =>
  pb.visitor().send('/api/collections/users/request-otp', {
    method: 'POST',
    body: { email: `someone-${Date.now()}@chorus.test`, ...(token !== undefined && { turnstile_token: token }) },
  });
const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (error: unknown) =>
      error instanceof ClientResponseError ? { status: error.status, code: error.response.code } : error,
  );

async function turnOn(siteKey: string, secret = SECRET) {
  const site = await admin.collection('site').getFirstListItem('');
  await admin.collection('site').update(site.id, { turnstile_site_key: siteKey });
  const guard = await admin.collection('spam_guard').getFirstListItem('');
  await admin.collection('spam_guard').update(guard.id, { new_turnstile_secret: secret });
}

describe('Turnstile', () => {
  it('turned off (no keys): sign-up and codes ask for nothing, siteverify is never called', async () => {
    expect(await refusal(() => signUp())).toBeNull();
    expect(await refusal(() => requestCode())).toBeNull();
    expect(standIn.calls).toHaveLength(0);
  });

  it('turned on by an admin: the secret is written but never read back, not even by admins', async () => {
    await turnOn('1x00000000000000000000AA');
    const guard = await admin.collection('spam_guard').getFirstListItem('');
    expect(guard).not.toHaveProperty('turnstile_secret');
    const site = await pb.visitor().collection('site').getFirstListItem('');
    expect(site.turnstile_site_key).toBe('1x00000000000000000000AA');
    expect(site).not.toHaveProperty('turnstile_secret');
    expect((await pb.admin.collection('spam_guard').getOne(guard.id)).turnstile_secret).toBe(SECRET);
    // Audited as the admins' action, the secret redacted.
    const entries = await pb.admin
      .collection('audit_entries')
      .getFullList({ filter: pb.admin.filter('target_id = {:id}', { id: guard.id }) });
    expect(entries.at(-1)).toMatchObject({ action: 'spam_settings.update', after: { turnstile_secret: '[redacted]' } });
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it('a good token passes sign-up; the server sent siteverify the secret and the visitor’s address', async () => {
    const token = standIn.issue();
    expect(await refusal(() => signUp(token))).toBeNull();
    const call = standIn.calls.at(-1);
    expect(call).toMatchObject({ secret: SECRET, response: token });
    expect(call?.remoteip).toMatch(/\d/);
  });

  it('a missing, bad or replayed token is refused, and so is one solved on another host', async () => {
    expect(await refusal(() => signUp())).toEqual({ status: 400, code: 'turnstileNeeded' });
    expect(await refusal(() => signUp('not-a-token'))).toEqual({ status: 400, code: 'turnstileFailed' });
    const token = standIn.issue();
    expect(await refusal(() => signUp(token))).toBeNull();
    expect(await refusal(() => signUp(token))).toEqual({ status: 400, code: 'turnstileFailed' });
    expect(await refusal(() => signUp(standIn.issue('evil.example')))).toEqual({
      status: 400,
      code: 'turnstileFailed',
    });
  });

  it('right after signing up, the same address may ask for its code without a second token; others may not', async () => {
    const email = `flow-${Date.now()}@chorus.test`;
    const visitor = pb.visitor();
    await visitor.collection('users').create({
      email,
      password: 'a-long-password-123',
      passwordConfirm: 'a-long-password-123',
      turnstile_token: standIn.issue(),
    });
    const ask = (address: string) =>
      refusal(() => visitor.send('/api/collections/users/request-otp', { method: 'POST', body: { email: address } }));
    expect(await ask(email.toUpperCase())).toBeNull();
    expect(await ask(`other-${email}`)).toEqual({ status: 400, code: 'turnstileNeeded' });
  });

  it('asking for a sign-in code by email needs a good token too', async () => {
    expect(await refusal(() => requestCode())).toEqual({ status: 400, code: 'turnstileNeeded' });
    expect(await refusal(() => requestCode('forged'))).toEqual({ status: 400, code: 'turnstileFailed' });
    expect(await refusal(() => requestCode(standIn.issue()))).toBeNull();
  });

  it("Cloudflare's dummy token (what its test site key gives browsers) is refused with a real secret", async () => {
    expect(await refusal(() => signUp(DUMMY_TOKEN))).toEqual({ status: 400, code: 'turnstileFailed' });
  });

  it('a wrong secret is refused by siteverify (invalid-input-secret), so nobody gets in until it is fixed', async () => {
    await turnOn('1x00000000000000000000AA', 'a-wrong-secret');
    expect(await refusal(() => signUp(standIn.issue()))).toEqual({ status: 400, code: 'turnstileFailed' });
    await turnOn('1x00000000000000000000AA');
  });

  it('the operator (imports, seeding) is never asked; siteverify down means a clear refusal', async () => {
    await pb.admin.collection('users').create({
      email: `imported-${Date.now()}@chorus.test`,
      password: 'a-long-password-123',
      passwordConfirm: 'a-long-password-123',
    });
    await standIn.stop();
    expect(await refusal(() => signUp('any'))).toEqual({ status: 400, code: 'turnstileUnavailable' });
  });
});
