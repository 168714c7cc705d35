// HTML someone else wrote (an Intercom message's body), reduced to the plain text a reader saw: no tags, no script or
// style contents, block ends as line breaks, the common character references decoded once (so "&lt;b&gt;" stays the
// visible text "<b>", never markup). One linear pass over at most 200,000 characters: no pattern a hostile body could
// make backtrack.

const MAX_INPUT = 200_000;
const HIDDEN = new Set(['script', 'style', 'template', 'head', 'title', 'noscript']);
const BLOCKS = new Set([
  'br',
  'p',
  'div',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
  'ul',
  'ol',
  'table',
]);
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A character reference's text, or the reference itself when it is unknown or no character. */
function decoded(whole, body) {
  if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? whole;
  const code =
    body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
  const usable = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code < 0xe000);
  return usable ? String.fromCodePoint(code) : whole;
}

/** The plain text of `html`. */
function plainTextOfHtml(html) {
  const source = String(html ?? '').slice(0, MAX_INPUT);
  let text = '';
  let hidden = '';
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('<', at);
    if (open === -1) {
      if (!hidden) text += source.slice(at);
      break;
    }
    if (!hidden) text += source.slice(at, open);
    const close = source.indexOf('>', open);
    if (close === -1) break; // an unfinished tag at the end shows nothing
    const name = /^<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]{0,20})/.exec(source.slice(open, Math.min(close + 1, open + 30)));
    const tag = name ? name[2].toLowerCase() : '';
    if (hidden) {
      if (name?.[1] && tag === hidden) hidden = '';
    } else if (!name?.[1] && HIDDEN.has(tag)) hidden = tag;
    else if (BLOCKS.has(tag)) text += '\n';
    at = close + 1;
  }
  return text
    .replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, decoded)
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

module.exports = { plainTextOfHtml };
