// Markdown from members, rendered on the server into harmless HTML: raw HTML is shown as text,
// only http(s) and mailto links survive (with rel="nofollow ugc noopener"), images become links, and
// mentions (`@[Name](user:id)`, pb_hooks/notifications/mentions.js) show as the name the author wrote, never as a link.
import { Marked, type Token, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import { BoundedCache } from './bounded-cache';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The URL when it is http(s) or mailto (relative URLs are refused too), otherwise null. */
export function toSafeUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  // The WHATWG parser drops tabs and newlines like browsers do, so "java\tscript:" is seen as javascript:.
  try {
    const url = new URL(trimmed);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** A mention: `@[Name](user:<15 letters or digits>)`, the same shape pb_hooks/notifications/mentions.js reads. */
const MENTION = /^@\[([^[\]\n\r]{1,80})\]\(user:([a-z0-9]{15})\)/;
const mention: TokenizerAndRendererExtension = {
  name: 'mention',
  level: 'inline',
  start: (src) => {
    const at = src.indexOf('@[');
    return at < 0 ? undefined : at;
  },
  tokenizer(src) {
    const match = MENTION.exec(src);
    return match ? { type: 'mention', raw: match[0], text: `@${match[1]}` } : undefined;
  },
  renderer: (token) => `<span class="mention">${escapeHtml(String(token.text))}</span>`,
};

const marked = new Marked({
  extensions: [mention],
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = toSafeUrl(token.href);
      if (!href) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<a href="${escapeHtml(href)}"${title} rel="nofollow ugc noopener">${text}</a>`;
    },
    image(token: Tokens.Image) {
      const href = toSafeUrl(token.href);
      const label = escapeHtml(token.text || 'image');
      return href ? `<a href="${escapeHtml(href)}" rel="nofollow ugc noopener">${label}</a>` : label;
    },
  },
});

/** Texts up to this long keep their rendering for the next page view (at most 500 of them, a few MB). */
const REMEMBERED_SOURCE = 4000;
const rendered = new BoundedCache<string>(500);
const excerpts = new BoundedCache<string>(1000);
/** Excerpts lex with marked's defaults. */
const excerptLexer = new Marked({ extensions: [mention] });

/** Sanitized HTML for a member's markdown. */
export function renderMarkdown(source: string): string {
  const text = source ?? '';
  if (text.length > REMEMBERED_SOURCE) return marked.parse(text) as string;
  return rendered.get(text, () => marked.parse(text) as string);
}

/** Plain text for excerpts and meta descriptions: markdown syntax stripped, whitespace collapsed. */
export function toExcerpt(source: string, max = 180): string {
  const head = excerptSource(source ?? '', max);
  return excerpts.get(`${max} ${head}`, () => {
    const text = plainText(excerptLexer.lexer(head)).replace(/\s+/g, ' ').trim();
    return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
  });
}

/**
 * The start of a long text, enough for an excerpt of `max` characters: a list page lexes twenty of these
 * per view, and lexing a whole 9 KB idea costs ~1 ms against ~50 µs for its start. Cut at a line break
 * where there is one, so a cut rarely falls inside a link.
 */
function excerptSource(source: string, max: number): string {
  const limit = Math.max(600, max * 4);
  if (source.length <= limit) return source;
  const head = source.slice(0, limit);
  const lineEnd = head.lastIndexOf('\n');
  return lineEnd > limit / 2 ? head.slice(0, lineEnd) : head;
}

/** The words a reader sees, without markup: code blocks, raw HTML and rules dropped, images by their alt text. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token): string => {
      switch (token.type) {
        case 'code':
        case 'html':
        case 'hr':
        case 'space':
        case 'br':
          return ' ';
        case 'codespan':
        case 'image':
          return token.text;
        case 'list':
          return ` ${(token as Tokens.List).items.map((item) => plainText(item.tokens)).join(' ')} `;
        case 'table': {
          const table = token as Tokens.Table;
          const cells = [table.header, ...table.rows].flat().map((cell) => plainText(cell.tokens));
          return ` ${cells.join(' ')} `;
        }
        case 'paragraph':
        case 'heading':
        case 'blockquote':
          return ` ${plainText(token.tokens ?? [])} `;
        default:
          return 'tokens' in token && token.tokens
            ? plainText(token.tokens)
            : 'text' in token
              ? String(token.text)
              : '';
      }
    })
    .join('');
}
