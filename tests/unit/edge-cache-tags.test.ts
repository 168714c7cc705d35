// Which tags each public page carries, and which cache headers a response gets for whom.
import { describe, expect, it } from 'vitest';
import { applyCacheHeaders } from '../../src/lib/edge-cache/headers';
import { isCacheTag, pageCacheTags } from '../../src/lib/edge-cache/tags';

const boards = [
  { id: 'aaaaaaaaaaaaaaa', slug: 'ideas' },
  { id: 'bbbbbbbbbbbbbbb', slug: 'bugs' },
];

describe('pageCacheTags', () => {
  it('tags list pages with every board they list', () => {
    expect(pageCacheTags('/', boards)).toEqual(['site', 'board:aaaaaaaaaaaaaaa', 'board:bbbbbbbbbbbbbbb']);
    expect(pageCacheTags('/roadmap', boards)).toEqual([
      'site',
      'roadmap',
      'board:aaaaaaaaaaaaaaa',
      'board:bbbbbbbbbbbbbbb',
    ]);
  });

  it('tags a board page with its own board only, found by slug', () => {
    expect(pageCacheTags('/b/bugs', boards)).toEqual(['site', 'board:bbbbbbbbbbbbbbb']);
    expect(pageCacheTags('/b/archived', boards)).toBeNull();
  });

  it('tags an idea page with its post, and the changelog pages and feed with the changelog', () => {
    expect(pageCacheTags('/p/abcdefghij12345', boards)).toEqual(['site', 'post:abcdefghij12345']);
    expect(pageCacheTags('/changelog', undefined)).toEqual(['site', 'changelog']);
    expect(pageCacheTags('/changelog/feed.xml', undefined)).toEqual(['site', 'changelog']);
  });

  it('leaves uncached what it cannot purge exactly', () => {
    expect(pageCacheTags('/p/abcdefghij12345/edit', boards)).toBeNull();
    expect(pageCacheTags('/signin', boards)).toBeNull();
    expect(pageCacheTags('/settings', boards)).toBeNull();
    expect(pageCacheTags('/sitemap.xml', undefined)).toBeNull();
  });

  it('accepts only well-formed tags', () => {
    expect(isCacheTag('post:abcdefghij12345')).toBe(true);
    expect(isCacheTag('site')).toBe(true);
    expect(isCacheTag('post:ABC')).toBe(false);
    expect(isCacheTag('user:abc')).toBe(false);
    expect(isCacheTag('site,post:a')).toBe(false);
    expect(isCacheTag(42)).toBe(false);
  });
});

describe('applyCacheHeaders', () => {
  const page = () => new Response('<h1>hi</h1>', { status: 200 });
  const tags = ['site', 'post:abcdefghij12345'];

  it('lets the edge keep a signed-out page, tagged, varying on cookies', () => {
    const headers = applyCacheHeaders(page(), { method: 'GET', signedIn: false, tags, isPage: true }).headers;
    expect(headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(headers.get('cloudflare-cdn-cache-control')).toBe('max-age=60, stale-while-revalidate=86400');
    expect(headers.get('cache-tag')).toBe('site,post:abcdefghij12345');
    expect(headers.get('vary')).toBe('Cookie');
  });

  it('never lets the edge keep a signed-in page', () => {
    const headers = applyCacheHeaders(page(), { method: 'GET', signedIn: true, tags, isPage: true }).headers;
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('cache-tag')).toBeNull();
    expect(headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(headers.get('vary')).toBe('Cookie');
  });

  it('keeps a copy per browser language where the site lets it choose, and per framed or not', () => {
    const decision = { method: 'GET', signedIn: false, tags, isPage: true };
    expect(applyCacheHeaders(page(), { ...decision, leavesFrames: true }).headers.get('vary')).toBe(
      'Cookie, Sec-Fetch-Dest',
    );
    expect(
      applyCacheHeaders(page(), { ...decision, browserLanguage: true, leavesFrames: true }).headers.get('vary'),
    ).toBe('Cookie, Accept-Language, Sec-Fetch-Dest');
    const file = { ...decision, isPage: false, browserLanguage: true, leavesFrames: true };
    expect(applyCacheHeaders(page(), file).headers.get('vary')).toBe('Cookie');
  });

  it('keeps errors, writes, cookies and private pages out of the cache', () => {
    const notFound = new Response('', { status: 404 });
    expect(
      applyCacheHeaders(notFound, { method: 'GET', signedIn: false, tags, isPage: true }).headers.get('cache-control'),
    ).toBe('private, no-store');
    const post = applyCacheHeaders(page(), { method: 'POST', signedIn: false, tags, isPage: true });
    expect(post.headers.get('cache-tag')).toBeNull();
    const withCookie = new Response('', { headers: { 'set-cookie': 'pb_auth=x' } });
    expect(
      applyCacheHeaders(withCookie, { method: 'GET', signedIn: false, tags, isPage: true }).headers.get('cache-tag'),
    ).toBeNull();
    const signin = new Response('', { headers: { 'cache-control': 'private, no-store' } });
    expect(
      applyCacheHeaders(signin, { method: 'GET', signedIn: false, tags, isPage: true }).headers.get('cache-tag'),
    ).toBeNull();
  });

  it('gives untagged non-page responses an explicit Cache-Control (Workers Cache keeps the rest 2 h)', () => {
    const csv = new Response('a,b');
    expect(
      applyCacheHeaders(csv, { method: 'GET', signedIn: true, tags: null, isPage: false }).headers.get('cache-control'),
    ).toBe('private, no-store');
    const sitemap = new Response('<urlset/>', { headers: { 'cache-control': 'public, max-age=300' } });
    const kept = applyCacheHeaders(sitemap, { method: 'GET', signedIn: false, tags: null, isPage: false });
    expect(kept.headers.get('cache-control')).toBe('public, max-age=300');
    expect(kept.headers.get('vary')).toBeNull();
  });
});
