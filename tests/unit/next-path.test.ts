// `next=` after signing in: same-site paths pass through; every way out of the site lands on "/".
import { describe, expect, it } from 'vitest';
import { toEmbedNextPath, toSafeNextPath } from '../../src/lib/next-path';

describe('where signing in leads', () => {
  it.each([
    ['/b/features?sort=top#votes', '/b/features?sort=top#votes'],
    ['/p/abc', '/p/abc'],
    ['/p/abc/../def', '/p/def'],
    ['/./roadmap', '/roadmap'],
    ['/changelog?x=//evil.example', '/changelog?x=//evil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the same-site path %j → %j', (next, expected) => {
    expect(toSafeNextPath(next)).toBe(expected);
  });

  // Each of these, used as-is or decoded once (as URLSearchParams does), must not leave the site.
  const HOSTILE = [
    null,
    undefined,
    '',
    'https://evil.example/',
    'http://evil.example',
    '//evil.example/',
    '///evil.example',
    '////evil.example',
    '/\\evil.example/',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example/',
    '/\n/evil.example',
    '/\r//evil.example',
    '/ //evil.example',
    '/..//evil.example',
    '/../..//evil.example',
    '/.//evil.example/pwned',
    '/./\\evil.example',
    '/%2e%2e//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    '/foo/..//evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '@evil.example',
    'https:evil.example',
    '/signin',
    '/signup?next=/x',
    '/signin/../signin',
    '\u0000//evil.example',
    '/\u0000/evil.example',
    '/\u007f//evil.example',
  ];

  it(`holds a corpus of ${HOSTILE.length} hostile values`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
  });

  it.each(HOSTILE)('%j → "/" (or a path on this site)', (next) => {
    const safe = toSafeNextPath(next);
    const landing = new URL(safe, 'https://chorus.example/p/1');
    expect(landing.origin).toBe('https://chorus.example');
    expect(safe.startsWith('/')).toBe(true);
    expect(safe.startsWith('//')).toBe(false);
  });

  it.each(HOSTILE.filter((v): v is string => Boolean(v)))('%j is also refused once URL-decoded', (next) => {
    const decoded = new URLSearchParams(`next=${encodeURIComponent(next)}`).get('next');
    expect(new URL(toSafeNextPath(decoded), 'https://chorus.example/p/1').origin).toBe('https://chorus.example');
  });

  it('refuses the issue’s two examples outright', () => {
    expect(toSafeNextPath(new URLSearchParams('next=%2F.%2F%2Fevil.example%2Fpwned').get('next'))).toBe('/');
    expect(toSafeNextPath('/..//evil.example')).toBe('/');
  });
});

describe('where the widget panel’s sign-in page leads', () => {
  it.each([
    [
      '/embed/b/features?origin=http%3A%2F%2Flocalhost%3A3000',
      '/embed/b/features?origin=http%3A%2F%2Flocalhost%3A3000',
    ],
    ['/embed/p/abc', '/embed/p/abc'],
  ])('goes back to the panel page %j', (next, expected) => {
    expect(toEmbedNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '/b/features',
    '/embed/signin?next=/embed/signin',
    '/embed/../..//evil.example',
    '//evil.example/embed/b/x',
    'https://evil.example/embed/b/x',
    '/embed/%2e%2e/settings',
  ])('sends %j to the panel’s home instead (never off the panel, never back to sign-in)', (next) => {
    expect(toEmbedNextPath(next)).toBe('/embed/');
  });
});
