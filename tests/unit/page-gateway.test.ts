// The gateway in front of the cached pages: which requests may use the page cache, and what the cached
// entrypoint sees (no cookie but the language choice, one browser language) and is keyed on; which signed-in
// requests may be served an audience's copy once PocketBase says so (the members', or one segment's), and its key.
import { describe, expect, it } from 'vitest';
import { mayServeAudience, mayUsePageCache, pageCacheRequest } from '../../src/edge/page-gateway';
import { audienceNamed } from '../../src/lib/pb/audience';

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('https://feedback.example/roadmap?x=1', { method, headers });

describe('who may use the page cache', () => {
  it('a signed-out GET or HEAD, whatever other cookies it carries', () => {
    expect(mayUsePageCache(get())).toBe(true);
    expect(mayUsePageCache(get({ cookie: '_ga=GA1.2.3; __cf_bm=abc' }))).toBe(true);
    expect(mayUsePageCache(get({}, 'HEAD'))).toBe(true);
  });

  it('never a signed-in member, a write or an authorized request', () => {
    expect(mayUsePageCache(get({ cookie: '_ga=1; pb_auth=%7B%22token%22%7D' }))).toBe(false);
    expect(mayUsePageCache(get({}, 'POST'))).toBe(false);
    expect(mayUsePageCache(get({ authorization: 'Bearer x' }))).toBe(false);
  });

  it('never a return from single sign-on: /sso must see the state cookie /sso/start set', () => {
    expect(mayUsePageCache(get({ cookie: '_ga=1; chorus_sso_state=abc' }))).toBe(false);
  });
});

describe('what the cached entrypoint sees', () => {
  it('drops unrelated cookies: an analytics cookie makes the same request as none', () => {
    const { request, props } = pageCacheRequest(get({ cookie: '_ga=GA1.2.3; __cf_bm=abc' }));
    expect(request.headers.get('cookie')).toBeNull();
    expect(props).toEqual({ lang: '', audience: '', shell: '' });
    expect(request.url).toBe('https://feedback.example/roadmap?x=1');
  });

  it('keeps the picked language, alone, and keys the cache on it', () => {
    const { request, props } = pageCacheRequest(get({ cookie: '_ga=1; chorus_lang=de; theme=dark' }));
    expect(request.headers.get('cookie')).toBe('chorus_lang=de');
    expect(props).toEqual({ lang: 'de', audience: '', shell: '' });
  });

  it('ignores an unknown language code', () => {
    const { request, props } = pageCacheRequest(get({ cookie: 'chorus_lang=xx' }));
    expect(request.headers.get('cookie')).toBeNull();
    expect(props.lang).toBe('');
  });

  it("folds the browser's languages to the one supported locale it prefers", () => {
    const german = pageCacheRequest(get({ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).request;
    expect(german.headers.get('accept-language')).toBe('de');
    const unknown = pageCacheRequest(get({ 'accept-language': 'tlh' })).request;
    expect(unknown.headers.get('accept-language')).toBeNull();
  });

  it("drops the local edge's loopback headers a visitor might send", () => {
    const { request } = pageCacheRequest(
      get({ 'x-chorus-entrypoint': 'CachedPages', 'x-chorus-entrypoint-props': '{}' }),
    );
    expect(request.headers.get('x-chorus-entrypoint')).toBeNull();
    expect(request.headers.get('x-chorus-entrypoint-props')).toBeNull();
  });

  it('drops an audience a visitor names: only the cached entrypoint names one', () => {
    const { request, props } = pageCacheRequest(get({ 'x-chorus-audience': 'member' }));
    expect(request.headers.get('x-chorus-audience')).toBeNull();
    expect(props.audience).toBe('');
  });
});

const authCookie = (record: Record<string, unknown>) =>
  `_ga=1; pb_auth=${encodeURIComponent(JSON.stringify({ token: 'a.b.c', record }))}; chorus_lang=fr`;
const MEMBER = { id: 'u1', role: 'member', verified: true, blocked: false, email: 'ann@example.com', name: 'Ann' };
const ROOT = new URL('https://feedback.example/');
const page = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`https://feedback.example${path}`, { method, headers });

describe('who may be served the member audience', () => {
  it("a plain member's GET of a public page: home, a board, an idea, the roadmap, the changelog", () => {
    const cookie = authCookie(MEMBER);
    for (const path of ['/', '/b/features', '/p/abcdefghijklmno', '/roadmap', '/changelog', '/changelog/v2']) {
      expect(mayServeAudience(page(path, { cookie }), new URL(path, 'https://x')), path).toBe(true);
    }
  });

  it('never a private page, a write, an authorized request, a return from single sign-on, or no sign-in', () => {
    const cookie = authCookie(MEMBER);
    for (const path of ['/settings', '/notifications', '/admin', '/p/abcdefghijklmno/edit', '/files/x', '/signin']) {
      expect(mayServeAudience(page(path, { cookie }), new URL(path, 'https://x')), path).toBe(false);
    }
    expect(mayServeAudience(page('/', { cookie }, 'POST'), ROOT)).toBe(false);
    expect(mayServeAudience(page('/', { cookie, authorization: 'Bearer x' }), ROOT)).toBe(false);
    expect(mayServeAudience(page('/', { cookie: `${cookie}; chorus_sso_state=1` }), ROOT)).toBe(false);
    expect(mayServeAudience(page('/', { cookie: '_ga=1' }), ROOT)).toBe(false);
    for (const path of ['/?mine=1', '/b/features?voted=1']) {
      expect(mayServeAudience(page(path, { cookie }), new URL(path, ROOT)), path).toBe(false);
    }
    expect(mayServeAudience(page('/?sort=new', { cookie }), new URL('/?sort=new', ROOT))).toBe(true);
  });

  it("not staff, an unconfirmed or blocked member by their cookie's word (they skip the extra check)", () => {
    for (const record of [
      { ...MEMBER, role: 'admin' },
      { ...MEMBER, role: 'moderator' },
      { ...MEMBER, verified: false },
      { ...MEMBER, blocked: true },
    ]) {
      expect(mayServeAudience(page('/', { cookie: authCookie(record) }), ROOT)).toBe(false);
    }
    expect(mayServeAudience(page('/', { cookie: 'pb_auth=not-json' }), ROOT)).toBe(false);
  });
});

describe('a member who sends the read-your-own-writes cookie on every request', () => {
  // chorus_wrote (src/lib/fresh-after-write.ts) is theirs to set: sent always, it costs them the cached copy, and
  // nothing more: their pages are rendered for them alone, and no one else's copy or key changes.
  const cookie = `${authCookie(MEMBER)}; chorus_wrote=1`;

  it('is rendered for themselves: never the audience copy, never the visitors’ cache', () => {
    for (const path of ['/', '/b/features', '/p/abcdefghijklmno', '/roadmap', '/changelog']) {
      const request = page(path, { cookie });
      expect(mayServeAudience(request, new URL(path, ROOT)), path).toBe(false);
      expect(mayUsePageCache(request), path).toBe(false);
    }
    // Without it, the same member is the audience's again.
    expect(mayServeAudience(page('/', { cookie: authCookie(MEMBER) }), ROOT)).toBe(true);
    // An empty value is no flag.
    expect(mayServeAudience(page('/', { cookie: `${authCookie(MEMBER)}; chorus_wrote=` }), ROOT)).toBe(true);
  });

  it('splits no one’s copy: a visitor who sends it gets the cached page under the same key as one who does not', () => {
    const plain = pageCacheRequest(page('/b/x', { cookie: 'chorus_lang=de' }));
    const flagged = pageCacheRequest(page('/b/x', { cookie: 'chorus_wrote=1; chorus_lang=de' }));
    expect(mayUsePageCache(page('/b/x', { cookie: 'chorus_wrote=1' }))).toBe(true);
    expect(flagged.props).toEqual(plain.props);
    expect([...flagged.request.headers]).toEqual([...plain.request.headers]);
  });
});

const VERSION = 'Abc123def456ghi789jk';

describe("the member audience's key", () => {
  it("has no cookie of the member, their audience, and their own language before the picker's", () => {
    const cookie = authCookie(MEMBER);
    const { request, props } = pageCacheRequest(page('/', { cookie }), {
      audience: 'member',
      locale: 'de',
      shellVersion: VERSION,
    });
    expect(request.headers.get('cookie')).toBe('chorus_lang=de');
    expect(props).toEqual({ lang: 'de', audience: 'member', shell: VERSION });
    const picked = pageCacheRequest(page('/', { cookie }), { audience: 'member', locale: null, shellVersion: null });
    expect(picked.request.headers.get('cookie')).toBe('chorus_lang=fr');
    expect(picked.props).toEqual({ lang: 'fr', audience: 'member', shell: '' });
  });

  it('is the same for every member of the audience: nothing of the person is in it', () => {
    const ann = pageCacheRequest(page('/b/x', { cookie: authCookie(MEMBER) }), {
      audience: 'member',
      locale: null,
      shellVersion: VERSION,
    });
    const bob = pageCacheRequest(page('/b/x', { cookie: authCookie({ ...MEMBER, id: 'u2', name: 'Bob' }) }), {
      audience: 'member',
      locale: null,
      shellVersion: VERSION,
    });
    expect(bob.props).toEqual(ann.props);
    expect([...bob.request.headers]).toEqual([...ann.request.headers]);
    expect(JSON.stringify([...ann.request.headers])).not.toMatch(/Ann|ann@|a\.b\.c|pb_auth/);
  });

  it('carries the shell version only as PocketBase names it, and only for an audience', () => {
    const named = (shellVersion: string | null) =>
      pageCacheRequest(page('/', { cookie: authCookie(MEMBER) }), { audience: 'member', locale: null, shellVersion })
        .props.shell;
    expect(named(VERSION)).toBe(VERSION);
    for (const hostile of ['', 'short', `${VERSION}x`, 'a"b\\c/d?e=f;g,hijklm', `${VERSION.slice(0, 19)}-`]) {
      expect(named(hostile), hostile).toBe('');
    }
    // A visitor's key has none, whatever their request carries.
    const visitor = pageCacheRequest(page('/', { 'x-chorus-shell-version': VERSION }));
    expect(visitor.props.shell).toBe('');
    expect(visitor.request.headers.has('x-chorus-shell-version')).toBe(false);
  });
});

describe("a segment audience's key", () => {
  const SEGMENT = 'abc123def456ghi';
  it("is its own: another audience's copy never answers it, and every member of the segment shares it", () => {
    const as = (audience: 'member' | `segment:${string}`, id: string) =>
      pageCacheRequest(page('/b/x', { cookie: authCookie({ ...MEMBER, id }) }), {
        audience,
        locale: null,
        shellVersion: VERSION,
      }).props;
    expect(as(`segment:${SEGMENT}`, 'u1')).toEqual({ lang: 'fr', audience: `segment:${SEGMENT}`, shell: VERSION });
    expect(as(`segment:${SEGMENT}`, 'u2')).toEqual(as(`segment:${SEGMENT}`, 'u1'));
    expect(as(`segment:${SEGMENT}`, 'u1')).not.toEqual(as('member', 'u1'));
    expect(as(`segment:${SEGMENT}`, 'u1')).not.toEqual(as('segment:zzz123def456ghi', 'u1'));
  });

  it('is named only as the contract writes it: a segment id, nothing else', () => {
    expect(audienceNamed(`segment:${SEGMENT}`)).toBe(`segment:${SEGMENT}`);
    expect(audienceNamed('member')).toBe('member');
    for (const hostile of [
      'segment:',
      'segment:short',
      `segment:${SEGMENT}x`,
      'segment:../../abcdefghijkl',
      'staff',
      'Member',
      `member:${SEGMENT}`,
      null,
      7,
    ]) {
      expect(audienceNamed(hostile), String(hostile)).toBe('');
    }
  });
});
