import { describe, expect, it } from 'vitest';
import { renderMarkdown, toExcerpt, toSafeUrl } from '../../src/lib/markdown';

describe('renderMarkdown', () => {
  it('renders ordinary markdown', () => {
    const html = renderMarkdown('# Title\n\nSome **bold** and a [link](https://example.com).');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com/" rel="nofollow ugc noopener">link</a>');
  });

  it('shows script tags as text', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script>');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('escapes raw HTML blocks and inline tags with handlers', () => {
    const html = renderMarkdown(
      '<div onclick="x()">hi</div>\n\n<img src=x onerror=alert(1)> and <iframe src="https://evil">',
    );
    expect(html).not.toMatch(/<(div|img|iframe)/i);
    expect(html).toContain('&lt;img');
  });

  it('drops javascript:, data: and obfuscated links but keeps their text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      'java\tscript:alert(1)',
      ' vbscript:x',
    ]) {
      const html = renderMarkdown(`[click](${href})`);
      expect(html).not.toContain('href');
      expect(html).toContain('click');
    }
  });

  it('allows mailto links and autolinks, all with rel nofollow ugc noopener', () => {
    expect(renderMarkdown('[mail](mailto:a@example.com)')).toContain('href="mailto:a@example.com"');
    expect(renderMarkdown('see https://example.com/x')).toContain('rel="nofollow ugc noopener"');
  });

  it('turns images into links, and refuses unsafe image sources', () => {
    expect(renderMarkdown('![shot](https://example.com/a.png)')).toBe(
      '<p><a href="https://example.com/a.png" rel="nofollow ugc noopener">shot</a></p>\n',
    );
    expect(renderMarkdown('![x](javascript:alert(1))')).not.toContain('href');
  });

  it('escapes quotes in link titles', () => {
    const html = renderMarkdown('[a](https://example.com "x\\" onmouseover=\\"alert(1)")');
    expect(html).not.toContain('" onmouseover="');
  });
});

describe('toSafeUrl', () => {
  it('accepts http(s) and mailto only', () => {
    expect(toSafeUrl('https://example.com')).toBe('https://example.com/');
    expect(toSafeUrl('/relative')).toBeNull();
    expect(toSafeUrl('javascript:alert(1)')).toBeNull();
  });
});

/** What toExcerpt gives when it reads the whole text: its words, spaces collapsed, cut with an ellipsis. */
function plainExcerptOf(source: string, max: number): string {
  const text = source
    .replace(/\*\*(.*?)\*\*/g, '$1')
    .replace(/\[(.*?)\]\(.*?\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

describe('toExcerpt', () => {
  it('strips markdown and shortens', () => {
    expect(toExcerpt('# Hi\n\n**bold** [link](https://x.y)')).toBe('Hi bold link');
    expect(toExcerpt('a'.repeat(300), 10)).toHaveLength(10);
  });

  it('keeps inline code and punctuation where they stand, and reads lists and tables as words', () => {
    const body =
      'The palette is opened with `?`. List every shortcut:\n\n- Ctrl **K**\n- Ctrl <b>P</b>\n\n| key | does |\n|---|---|\n| ? | help |';
    expect(toExcerpt(body)).toBe('The palette is opened with ?. List every shortcut: Ctrl K Ctrl P key does ? help');
  });

  it('reads only the start of a long idea, and ends the same as reading all of it', () => {
    const paragraph = 'Sync notes between devices, with **bold** words and [a link](https://example.com/x). ';
    const long = `${paragraph.repeat(3)}\n\n${paragraph.repeat(400)}`;
    const whole = plainExcerptOf(long, 160);
    expect(toExcerpt(long, 160)).toBe(whole);
    expect(toExcerpt(long, 160)).toHaveLength(160);
    // A text with no line break is cut at the limit, and still reads as words.
    expect(toExcerpt(paragraph.repeat(400), 160)).toBe(plainExcerptOf(paragraph.repeat(400), 160));
  });

  it('drops code blocks and raw HTML, and names images by their alt text', () => {
    expect(toExcerpt('```js\nalert(1)\n```\n\n<script>x()</script>\n\n![A chart](x.png) shows it')).toBe(
      'A chart shows it',
    );
  });
});

describe('mentions', () => {
  const id = 'abcdefghij12345';
  it('render as the name, escaped, never as a link', () => {
    expect(renderMarkdown(`Hi @[Ada Lovelace](user:${id})!`)).toBe(
      '<p>Hi <span class="mention">@Ada Lovelace</span>!</p>\n',
    );
    const hostile = renderMarkdown(`@[<img src=x onerror=alert(1)>"'&](user:${id})`);
    expect(hostile).toBe(`<p><span class="mention">@&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;</span></p>\n`);
    expect(hostile).not.toContain(id);
  });

  it('need the exact shape: anything else stays text (and a user: link is no link)', () => {
    for (const body of [`@[A](user:${id.toUpperCase()})`, `@[A](user:${id.slice(1)})`, `@[a\nb](user:${id})`]) {
      expect(renderMarkdown(body)).not.toContain('class="mention"');
      expect(renderMarkdown(body)).not.toContain('<a ');
    }
    expect(renderMarkdown(`[A](user:${id})`)).toBe('<p>A</p>\n');
    expect(renderMarkdown(`\`@[A](user:${id})\``)).toBe(`<p><code>@[A](user:${id})</code></p>\n`);
  });

  it('read as @Name in excerpts', () => {
    expect(toExcerpt(`Ask @[Ada](user:${id}) about it`)).toBe('Ask @Ada about it');
  });
});
