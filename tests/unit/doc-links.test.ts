// The docs site's link check finds what a reader would hit: a page that is not there, an anchor that is not on it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brokenLinks } from '../../tools/lib/doc-links.mjs';

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function page(path: string, html: string) {
  mkdirSync(join(dist, path), { recursive: true });
  writeFileSync(join(dist, path, 'index.html'), html);
}

describe('the docs link check', () => {
  it('passes links to pages and anchors that exist, and names each one that does not', () => {
    dist = mkdtempSync(join(tmpdir(), 'chorus-docs-'));
    page('', '<a href="/features/votes/#held">held</a> <a href="https://example.com/x">out</a>');
    page('features/votes', '<h2 id="held">Held votes</h2><a href="../webhooks/">w</a><a href="#gone">g</a>');
    expect(brokenLinks(dist)).toEqual([
      '/features/votes/index.html → ../webhooks/ (no such page)',
      '/features/votes/index.html → #gone (no #gone on that page)',
    ]);
  });
});
