// The Worker's PocketBase client for one request: it carries the visitor's auth cookie, and nothing else's.
import { describe, expect, it } from 'vitest';
import { AUTH_COOKIE, createServerClient } from '../../src/lib/pb/client';

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
