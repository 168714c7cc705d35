import { describe, expect, it } from 'vitest';
import { toAppLoginUrl, toSsoStartHref } from '../../src/features/sso/sso-links';
import { isEmbedPath, parseOrigins, toEmbedPath } from '../../src/features/widget/embed';
import { extendCsp } from '../../src/lib/security-headers';

describe("the admin's list of origins allowed to embed the widget", () => {
  it('keeps exact origins, one a line or separated by spaces and commas, without duplicates', () => {
    expect(parseOrigins('https://app.example.com\nhttp://localhost:3000, https://app.example.com/')).toEqual({
      origins: ['https://app.example.com', 'http://localhost:3000'],
      invalid: [],
    });
  });

  it('refuses anything that is not a bare http(s) origin', () => {
    const entries = [
      '*',
      'app.example.com',
      'https://app.example.com/path',
      'javascript:alert(1)',
      "'self'",
      'https://u:p@x.com',
    ];
    expect(parseOrigins(entries.join('\n'))).toEqual({ origins: [], invalid: entries });
  });
});

describe('frame-ancestors', () => {
  const policy = "default-src 'self'; frame-ancestors 'none'";
  it('lists the allowed origins on the embed routes', () => {
    const csp = extendCsp(policy, {
      pbOrigin: 'https://pb.test',
      styleHashes: [],
      frameAncestors: ['https://a.test', 'https://b.test'],
    });
    expect(csp).toContain('frame-ancestors https://a.test https://b.test');
    expect(csp).not.toContain("'none'");
  });
  it("stays 'none' when the list is empty", () => {
    expect(extendCsp(policy, { pbOrigin: 'https://pb.test', styleHashes: [], frameAncestors: [] })).toContain(
      "frame-ancestors 'none'",
    );
  });
});

describe('navigations inside the panel', () => {
  it.each([
    ['/p/abc123-some-title', '/embed/p/abc123-some-title'],
    ['/b/features', '/embed/b/features'],
    ['/changelog', '/embed/changelog'],
    ['/changelog/v2-release', '/embed/changelog/v2-release'],
    ['/signin', '/embed/signin'],
    ['/', '/embed/'],
    ['/settings', null],
    ['/admin', null],
    ['/changelog/feed.xml', null],
  ])('%s goes to %s', (path, embed) => {
    expect(toEmbedPath(path)).toBe(embed);
  });
  it('knows the embed routes', () => {
    expect(isEmbedPath('/embed/b/x')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
  });
});

describe('"Sign in with <product>" links', () => {
  it("sends people to the app's login URL with a return_to back to /sso, keeping only a safe next path", () => {
    const url = new URL(toAppLoginUrl('https://app.test/login?x=1', 'https://board.test', '/b/features', 'S1') ?? '');
    expect(url.origin + url.pathname).toBe('https://app.test/login');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('return_to')).toBe('https://board.test/sso?next=%2Fb%2Ffeatures&state=S1');
    const evil = new URL(toAppLoginUrl('https://app.test/login', 'https://board.test', '//evil.test', 'S2') ?? '');
    expect(evil.searchParams.get('return_to')).toBe('https://board.test/sso?next=%2F&state=S2');
  });
  it('refuses a login URL that is not http(s)', () => {
    expect(toAppLoginUrl('javascript:alert(1)', 'https://board.test', null, 'S')).toBeNull();
    expect(toAppLoginUrl('not a url', 'https://board.test', null, 'S')).toBeNull();
  });
  it('starts from a Chorus path', () => {
    expect(toSsoStartHref('/p/1')).toBe('/sso/start?next=%2Fp%2F1');
  });
});
