// The gateway in front of the cached pages: which requests may use the page cache, and what the cached
// entrypoint sees (no cookie but the language choice, one browser language) and is keyed on.
import { describe, expect, it } from 'vitest';
import { mayUsePageCache, pageCacheRequest } from '../../src/edge/page-gateway';

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
    expect(props).toEqual({ lang: '' });
    expect(request.url).toBe('https://feedback.example/roadmap?x=1');
  });

  it('keeps the picked language, alone, and keys the cache on it', () => {
    const { request, props } = pageCacheRequest(get({ cookie: '_ga=1; chorus_lang=de; theme=dark' }));
    expect(request.headers.get('cookie')).toBe('chorus_lang=de');
    expect(props).toEqual({ lang: 'de' });
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
});
