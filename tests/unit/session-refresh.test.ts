// A member stays signed in when an auth refresh's answer (the browser's) or a session check's (the Worker's) is cut off
// (the tab navigated away mid-answer, the connection dropped): only PocketBase's refusal signs them out.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PATH } from '../../src/contract/audience';
import { verifySession } from '../../src/lib/pb/session';
import { refreshSession } from '../../src/lib/pb/session-refresh';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = (id: string) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id, type: 'auth', collectionId: 'c1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const record = { id: 'u1', collectionId: 'c1', collectionName: 'users', name: 'Ada', email: 'ada@example.com' };

/** How the stand-in answers the next auth refresh (the browser's) or session check (the Worker's). */
let answer: (response: ServerResponse) => void;
const server = createServer((request, response) => {
  const asked = request.url ?? '';
  if (asked.startsWith('/api/collections/users/auth-refresh') || asked.startsWith(SESSION_PATH)) answer(response);
  else response.writeHead(404).end();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const whole = (response: ServerResponse) =>
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ token: tokenFor('u1'), record }));
const cutOff = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
  response.write('{"token":"eyJ');
  setTimeout(() => response.destroy(), 20);
};
const emptyObject = (response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
const refused = (status: number) => (response: ServerResponse) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, message: 'no' }));

function signedInClient(): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  pb.authStore.save(tokenFor('u1'), record);
  return pb;
}

describe("the browser's session refresh", () => {
  it('keeps the member signed in when the answer is cut off or empty, and takes a whole answer', async () => {
    for (const cut of [cutOff, emptyObject]) {
      answer = cut;
      const pb = signedInClient();
      const before = pb.authStore.token;
      await refreshSession(pb);
      expect(pb.authStore.token).toBe(before);
      expect(pb.authStore.record?.id).toBe('u1');
    }
    answer = whole;
    const pb = signedInClient();
    await refreshSession(pb);
    expect(pb.authStore.isValid).toBe(true);
    expect(pb.authStore.record?.collectionName).toBe('users');
  });

  it('signs out when PocketBase refuses the token, and only then', async () => {
    for (const status of [401, 403, 404]) {
      answer = refused(status);
      const pb = signedInClient();
      await refreshSession(pb);
      expect(pb.authStore.token, String(status)).toBe('');
    }
    for (const status of [429, 500, 503]) {
      answer = refused(status);
      const pb = signedInClient();
      await refreshSession(pb);
      expect(pb.authStore.token, String(status)).not.toBe('');
    }
  });
});

describe("the Worker's session check", () => {
  it('never treats a cut-off answer as a refused cookie: it is an error (the 503 page), not a sign-out', async () => {
    for (const cut of [cutOff, emptyObject]) {
      answer = cut;
      await expect(verifySession(signedInClient())).rejects.toMatchObject({ status: 0 });
    }
    answer = refused(401);
    expect(await verifySession(signedInClient())).toEqual({
      user: null,
      clearCookie: true,
      shellVersion: null,
      audience: '',
    });
    answer = whole;
    expect((await verifySession(signedInClient())).user?.id).toBe('u1');
  });
});
