// The read-your-own-writes cookie (src/lib/fresh-after-write.ts) has one home: its name and lifetime are written
// once, and the flag the browser's client sets is the same cookie the site's form posts set (name, value, path,
// lifetime), so a change to either cannot leave the other behind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRESH_COOKIE, FRESH_FLAG, FRESH_SECONDS, freshCookie } from '../../src/lib/fresh-after-write';
import { ROOT } from '../../tools/lib/docs-truth.mjs';

/** A Set-Cookie or document.cookie value as a browser reads it: the pair, then attributes by lower-cased name. */
function parse(cookie: string): Record<string, string> {
  const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
  const [name = '', value = ''] = pair.split('=');
  const parsed: Record<string, string> = { name, value };
  for (const attribute of attributes) {
    const [key = '', val = ''] = attribute.split('=');
    parsed[key.toLowerCase()] = val;
  }
  return parsed;
}

describe('the read-your-own-writes cookie', () => {
  it('is the same cookie from the browser’s client as from the site’s form posts', () => {
    const flag = parse(FRESH_FLAG);
    for (const https of [false, true]) {
      const posted = parse(freshCookie(https));
      for (const part of ['name', 'value', 'path', 'max-age']) expect(flag[part], part).toBe(posted[part]);
    }
    expect(flag).toMatchObject({ name: FRESH_COOKIE, value: '1', path: '/', 'max-age': String(FRESH_SECONDS) });
    expect(parse(freshCookie(true))).toHaveProperty('secure');
  });

  it('has its name and lifetime written once, not copied by hand into the browser’s flag', () => {
    const source = readFileSync(join(ROOT, 'src/lib/fresh-after-write.ts'), 'utf8');
    const code = source.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    expect(code.match(new RegExp(FRESH_COOKIE, 'g'))).toHaveLength(1);
    expect(code.match(new RegExp(`\\b${FRESH_SECONDS}\\b`, 'g'))).toHaveLength(1);
  });
});
