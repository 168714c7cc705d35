// What an Intercom message's HTML becomes in the inbox (pb_hooks/platform/html-text.js): the text a reader saw, never
// markup, and in one linear pass whatever a hostile body holds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase does.
const hookModule = { exports: {} as { plainTextOfHtml(html: string): string } };
new Function('module', readFileSync(new URL('../../pb_hooks/platform/html-text.js', import.meta.url), 'utf8'))(
  hookModule,
);
const { plainTextOfHtml } = hookModule.exports;

describe('plainTextOfHtml', () => {
  it('keeps the words, paragraphs as line breaks, and drops every tag', () => {
    expect(plainTextOfHtml('<p>Hi <b>there</b>,</p><p>one<br>two</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Hi there,\n\none\ntwo\n\na\n\nb',
    );
  });

  it('never shows what a script, a style or an attribute holds', () => {
    const html = '<p>Dark mode</p><script>alert(1)</script><style>p{}</style><img src=x onerror="alert(2)">';
    expect(plainTextOfHtml(html)).toBe('Dark mode');
    expect(plainTextOfHtml('<SCRIPT type="x">alert(1)</SCRIPT >after')).toBe('after');
  });

  it('decodes character references once, so escaped markup stays visible text', () => {
    expect(plainTextOfHtml('&lt;b&gt;not bold&lt;/b&gt; &amp;amp; &#x1F600; &#233; &nbsp;x')).toBe(
      '<b>not bold</b> &amp; 😀 é x',
    );
    expect(plainTextOfHtml('&#0; &#xD800; &bogus;')).toBe('&#0; &#xD800; &bogus;');
  });

  it('an unfinished tag shows nothing, and no input makes it slow', () => {
    expect(plainTextOfHtml('words <a href="')).toBe('words');
    const started = performance.now();
    for (const hostile of ['<script>'.repeat(25_000), '<'.repeat(200_000), `${'<a'.repeat(100_000)}>`]) {
      plainTextOfHtml(hostile);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
