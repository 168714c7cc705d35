// The local edge's reading of Workers Cache rules: what is stored, how long, and under which variant.
import { describe, expect, it } from 'vitest';
import { storagePolicy, variantKey } from '../../tools/lib/local-edge/cache-rules.mjs';
import { chooseEncoding } from '../../tools/lib/local-edge/compression.mjs';

const get = (headers = {}) => ({ method: 'GET', headers });
const ok = (headers: Record<string, string>, status = 200) => ({ status, headers });

describe('storagePolicy', () => {
  it('stores by the most specific header, with its tags and variants', () => {
    const policy = storagePolicy(
      get(),
      ok({
        'cache-control': 'public, max-age=0, must-revalidate',
        'cloudflare-cdn-cache-control': 'max-age=60, stale-while-revalidate=86400',
        'cache-tag': 'site,Post:abc',
        vary: 'Cookie',
      }),
    );
    expect(policy).toEqual({ store: true, ttl: 60, swr: 86400, vary: ['cookie'], tags: ['site', 'post:abc'] });
  });

  it('never stores private, no-store, Set-Cookie, Vary: * or partial responses, nor writes', () => {
    expect(storagePolicy(get(), ok({ 'cache-control': 'private, no-store' })).store).toBe(false);
    expect(storagePolicy(get(), ok({ 'cache-control': 'max-age=60', 'set-cookie': 'a=b' })).store).toBe(false);
    expect(storagePolicy(get(), ok({ 'cache-control': 'max-age=60', vary: '*' })).store).toBe(false);
    expect(storagePolicy(get(), ok({ 'cache-control': 'max-age=60' }, 206)).store).toBe(false);
    expect(storagePolicy({ method: 'POST', headers: {} }, ok({ 'cache-control': 'max-age=60' })).store).toBe(false);
  });

  it('stores a response without Cache-Control by heuristics, as Workers Cache does', () => {
    expect(storagePolicy(get(), ok({}))).toMatchObject({ store: true, ttl: 7200 });
    expect(storagePolicy(get(), ok({}, 404))).toMatchObject({ store: true, ttl: 180 });
    expect(storagePolicy(get(), ok({}, 302)).store).toBe(false);
  });

  it('turns stale-while-revalidate off under s-maxage or must-revalidate', () => {
    expect(storagePolicy(get(), ok({ 'cache-control': 's-maxage=30, stale-while-revalidate=60' }))).toMatchObject({
      ttl: 30,
      swr: 0,
    });
  });

  it('keys variants on the verbatim values of the varied headers', () => {
    expect(variantKey(['cookie'], {})).toBe('cookie=');
    expect(variantKey(['cookie'], { cookie: 'pb_auth=x' })).toBe('cookie=pb_auth=x');
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, and leaves binary and tiny bodies alone', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', 'text/html; charset=utf-8', {}, 5000)).toBe('br');
    expect(chooseEncoding('gzip', 'application/javascript', {}, 5000)).toBe('gzip');
    expect(chooseEncoding('br', 'image/png', {}, 5000)).toBeNull();
    expect(chooseEncoding('br', 'text/css', {}, 10)).toBeNull();
    expect(chooseEncoding('br', 'text/css', { 'content-encoding': 'gzip' }, 5000)).toBeNull();
    expect(chooseEncoding('', 'text/css', {}, 5000)).toBeNull();
  });
});
