// One site, one address: a page on another host name of the site goes to the site's address (SITE_URL); the
// same name on another port, other methods, files and a Worker without SITE_URL are left alone.
import { describe, expect, it } from 'vitest';
import { siteOriginRedirect } from '../../src/lib/site-origin';

const SITE = 'http://localhost:4321';
const get = (url: string, method = 'GET') => new Request(url, { method });

describe('the site origin redirect', () => {
  it('sends a bookmark of the IP address to the site’s name, path and query kept', () => {
    const answer = siteOriginRedirect(get('http://127.0.0.1:4321/b/features?sort=new'), SITE);
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get('location')).toBe('http://localhost:4321/b/features?sort=new');
  });

  it('leaves the site’s own name, the same name on another port, other methods and files alone', () => {
    expect(siteOriginRedirect(get('http://localhost:4321/'), SITE)).toBeNull();
    expect(siteOriginRedirect(get('http://localhost:9999/'), SITE)).toBeNull();
    expect(siteOriginRedirect(get('http://127.0.0.1:4321/passkeys/signin.json', 'POST'), SITE)).toBeNull();
    expect(siteOriginRedirect(get('http://127.0.0.1:4321/admin', 'POST'), SITE)).toBeNull();
    expect(siteOriginRedirect(get('http://127.0.0.1:4321/robots.txt'), SITE)).toBeNull();
    expect(siteOriginRedirect(get('http://127.0.0.1:4321/_astro/a.js'), SITE)).toBeNull();
  });

  it('redirects nothing without SITE_URL (or with one that is no URL)', () => {
    expect(siteOriginRedirect(get('http://127.0.0.1:4321/'), undefined)).toBeNull();
    expect(siteOriginRedirect(get('http://127.0.0.1:4321/'), 'not a url')).toBeNull();
  });
});
