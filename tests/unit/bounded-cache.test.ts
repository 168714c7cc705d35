// The per-Worker cache of pure results (markdown, excerpts, colours, CSP hashes): hits, and its bound.
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/lib/bounded-cache';

describe('BoundedCache', () => {
  it('makes a value once and answers it again', () => {
    const cache = new BoundedCache<string>(3);
    let made = 0;
    const make = () => `value ${++made}`;
    expect(cache.get('a', make)).toBe('value 1');
    expect(cache.get('a', make)).toBe('value 1');
    expect(made).toBe(1);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new BoundedCache<string>(2);
    const made: string[] = [];
    const get = (key: string) => cache.get(key, () => (made.push(key), key.toUpperCase()));
    get('a');
    get('b');
    get('a'); // a is now the most recently used
    get('c'); // drops b
    get('a');
    get('b'); // made again, drops c
    expect(made).toEqual(['a', 'b', 'c', 'b']);
    get('c');
    expect(made).toEqual(['a', 'b', 'c', 'b', 'c']);
  });
});
