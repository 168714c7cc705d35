import { describe, expect, it } from 'vitest';
import { toSafeNextPath } from '../../src/lib/next-path';

describe('where signing in leads', () => {
  it.each([
    ['/b/features?sort=top#votes', '/b/features?sort=top#votes'],
    ['/p/abc', '/p/abc'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['/\t/evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/signin', '/'],
    ['/signup?next=/x', '/'],
  ])('%j → %j', (next, expected) => {
    expect(toSafeNextPath(next)).toBe(expected);
  });
});
