// Canonical URLs come from the Application URL (SITE_URL), never from request headers: a visitor who asks a page
// first with a forged X-Forwarded-Proto, X-Forwarded-Host, Forwarded, MF-Original-URL or Host cannot write another
// address into the copy the edge cache keeps for everyone (src/lib/canonical.ts, tools/lib/local-edge/server.mjs).
// Needs the built site (npm run build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../../../tools/lib/ports.mjs';
import { startStack } from '../../../tools/lib/stack.mjs';
import { requestFrom } from '../../support/from-address';

let stack: Awaited<ReturnType<typeof startStack>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chorus-canonical-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  stack = await startStack({
    dataDir,
    sitePort,
    pbPort,
    smtpPort,
    seed: false,
    build: 'if-missing',
    siteHost: '127.0.0.1',
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const FORGED = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-port': '8443',
  forwarded: 'proto=https;host=evil.example',
};

async function page(base: string, path: string, headers: Record<string, string> = {}) {
  // node:http, which sends a Host header of our choosing (fetch does not)
  const response = await requestFrom('127.0.0.1', new URL(path, base).href, { headers });
  const body = response.body;
  return {
    status: response.status,
    cache: response.headers['cf-cache-status'],
    location: response.headers.location,
    canonical: body.match(/<link rel="canonical" href="([^"]+)"/)?.[1],
    ogUrl: body.match(/<meta property="og:url" content="([^"]+)"/)?.[1],
    body,
  };
}

describe('a cached page’s canonical URL', () => {
  it('a poisoner asks first with forged forwarding headers: every visitor then gets the site’s address', async () => {
    const poisoned = await page(stack.siteUrl, '/roadmap', FORGED);
    expect(poisoned.status).toBe(200);
    expect(poisoned.canonical).toBe(`${stack.siteUrl}/roadmap`);
    const visitor = await page(stack.siteUrl, '/roadmap');
    expect(visitor.cache).toBe('HIT');
    expect(visitor.canonical).toBe(`${stack.siteUrl}/roadmap`);
    expect(visitor.ogUrl).toBe(`${stack.siteUrl}/roadmap`);
  });

  it('a poisoner names the whole address in MF-Original-URL: ignored', async () => {
    const poisoned = await page(stack.siteUrl, '/changelog', { 'mf-original-url': 'https://evil.example/changelog' });
    expect(poisoned.status).toBe(200);
    expect(poisoned.canonical).toBe(`${stack.siteUrl}/changelog`);
    expect((await page(stack.siteUrl, '/changelog')).canonical).toBe(`${stack.siteUrl}/changelog`);
  });

  it('a poisoner sends Host: evil.example: refused, never cached', async () => {
    // Refused before the Worker by the local server's allowed hosts (Cloudflare would not route it to the
    // Worker at all); with another of the site's own names, the Worker redirects to SITE_URL (site-address e2e).
    const poisoned = await page(stack.siteUrl, '/', { host: 'evil.example' });
    expect(poisoned.status).toBe(403);
    expect(poisoned.canonical).toBeUndefined();
    const visitor = await page(stack.siteUrl, '/');
    expect(visitor.canonical).toBe(`${stack.siteUrl}/`);
  });

  it('even at the Worker itself (workerd honours X-Forwarded-Proto), pages, sitemap, robots and feed name the site', async () => {
    const direct = await page(stack.originUrl, '/roadmap', { 'x-forwarded-proto': 'https' });
    expect(direct.canonical).toBe(`${stack.siteUrl}/roadmap`);
    const sitemap = (await page(stack.originUrl, '/sitemap.xml', { 'x-forwarded-proto': 'https' })).body;
    expect(sitemap).toContain(`<loc>${stack.siteUrl}/roadmap</loc>`);
    expect(sitemap).not.toContain('https:');
    const robots = (await page(stack.originUrl, '/robots.txt', { 'x-forwarded-proto': 'https' })).body;
    expect(robots).toContain(`Sitemap: ${stack.siteUrl}/sitemap.xml`);
    const feed = (await page(stack.originUrl, '/changelog/feed.xml', { 'x-forwarded-proto': 'https' })).body;
    expect(feed).toContain(`<id>${stack.siteUrl}/changelog</id>`);
  });
});
