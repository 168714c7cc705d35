// The local edge's Workers Cache in front of an entrypoint: keyed by entrypoint, path, query and props (never
// the host), then by the Vary'd request headers; purged by tag.
import { expect, it } from 'vitest';
import { entrypointCache } from '../../tools/lib/local-edge/entrypoint-cache.mjs';

function pages() {
  let runs = 0;
  const cache = entrypointCache(async (request: { props: string }) => {
    runs += 1;
    return {
      status: 200,
      headers: {
        'cloudflare-cdn-cache-control': 'max-age=60',
        'cache-tag': 'site,post:abc',
        vary: 'Cookie',
        'content-type': 'text/html',
      },
      body: Buffer.from(`page for ${request.props} #${runs}`),
    };
  });
  const fetch = (props: string, headers: Record<string, string> = {}, url = '/p/abc') =>
    cache.fetch({ entrypoint: 'CachedPages', props, method: 'GET', url, headers });
  return { cache, fetch, runs: () => runs };
}

it('answers a second identical call from the cache, whatever the host', async () => {
  const { fetch, runs } = pages();
  expect((await fetch('{"lang":""}', { host: 'a.example' })).cacheStatus).toBe('MISS');
  const again = await fetch('{"lang":""}', { host: 'b.example' });
  expect(again.cacheStatus).toBe('HIT');
  expect(runs()).toBe(1);
});

it('keeps a copy per props value (the picked language)', async () => {
  const { fetch } = pages();
  await fetch('{"lang":""}');
  const german = await fetch('{"lang":"de"}', { cookie: 'chorus_lang=de' });
  expect(german.cacheStatus).toBe('MISS');
  expect(String(german.body)).toContain('"de"');
  expect((await fetch('{"lang":"de"}', { cookie: 'chorus_lang=de' })).cacheStatus).toBe('HIT');
  expect(String((await fetch('{"lang":""}')).body)).toContain('""');
});

it('drops every copy carrying a purged tag, case-insensitively', async () => {
  const { cache, fetch } = pages();
  await fetch('{"lang":""}');
  await fetch('{"lang":"fr"}', { cookie: 'chorus_lang=fr' });
  expect(cache.purge(['POST:abc'])).toBe(2);
  expect((await fetch('{"lang":""}')).cacheStatus).toBe('MISS');
});
