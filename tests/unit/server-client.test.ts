// The Worker's PocketBase client for one request: it carries the visitor's auth cookie, and nothing else's.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AUTH_COOKIE, answerIn, createServerClient, signedOut } from '../../src/lib/pb/client';

const record = { id: 'u1', collectionName: 'users', name: 'Ada' };
const authCookie = (token: string) => `${AUTH_COOKIE}=${encodeURIComponent(JSON.stringify({ token, record }))}`;

describe('createServerClient', () => {
  it("loads the visitor's auth cookie among others", () => {
    const pb = createServerClient('http://pb.test', `theme=dark; ${authCookie('a.b.c')}; other=1`);
    expect(pb.authStore.token).toBe('a.b.c');
    expect(pb.authStore.record?.id).toBe('u1');
  });

  it('has no auth without the cookie, with other cookies, or with a broken one', () => {
    for (const header of [null, '', 'theme=dark; other=1', `${AUTH_COOKIE}=not-json`, `x${AUTH_COOKIE}=1`]) {
      const pb = createServerClient('http://pb.test', header);
      expect(pb.authStore.token).toBe('');
      expect(pb.authStore.record).toBeNull();
    }
  });
});

describe('signedOut', () => {
  it("sends the request's own headers but not the member's token, and is the client itself for a visitor", async () => {
    const received: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      received.push(request.headers);
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const pb = createServerClient(url, authCookie('a.b.c'), { 'x-chorus-client': '10.0.0.7' });
      answerIn(pb, 'fr');
      await pb.send('/api/as-member', {});
      await signedOut(pb).send('/api/as-anyone', {});
      const [asMember, asAnyone] = received;
      expect(asMember?.authorization).toBe('a.b.c');
      expect(asAnyone?.authorization).toBeUndefined();
      expect(asMember?.['x-chorus-client']).toBe('10.0.0.7');
      expect(asMember?.['accept-language']).toContain('fr');
      expect(asAnyone?.['x-chorus-client']).toBe(asMember?.['x-chorus-client']);
      expect(asAnyone?.['accept-language']).toBe(asMember?.['accept-language']);
      expect(signedOut(pb)).toBe(signedOut(pb));
      const visitor = createServerClient(url, null);
      expect(signedOut(visitor)).toBe(visitor);
    } finally {
      server.close();
    }
  });
});
