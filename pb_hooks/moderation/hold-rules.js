// Why a member's text should wait for review, or '' (pure: no PocketBase; tests/unit/hold-rules.test.ts runs it
// over tests/fixtures/spam/corpus.json). Links hold only a new member's text; blocked words and domains anyone's.

// Top-level domains a bare "name.tld" is read as a link for (so "Node.js" or "notes.txt" are not links).
const TLDS =
  'com net org info biz io co me ly xyz top site online shop store club app dev link click live life pro ' +
  'ru su ua pl de fr es it nl be uk us ca au br cn jp kr in vn tr ir id cc tk ml ga cf gq pw ws to tv fm gg ' +
  'win bid loan work racing date download stream vip bet casino porn sex cam dating';
const TLD_SET = new Set(TLDS.split(' '));
// An address (scheme or www.) or a bare host: labels of letters, digits and hyphens joined by dots.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>()"']+/gi;
const HOST_PATTERN = /(?:^|[^\w.@-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,24}))(?![\w-]|\.[a-z0-9])/gi;

/** Lower case, compatibility forms folded (full-width letters read as themselves), zero-width marks dropped. */
function normalize(text) {
  return String(text || '')
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .toLowerCase();
}

/** Every host the text names: those of addresses and bare domains with a known top-level domain. */
function hostsIn(text) {
  const hosts = new Set();
  const plain = normalize(text);
  for (const match of plain.match(URL_PATTERN) || []) {
    const host = match
      .replace(/^https?:\/\//, '')
      .split(/[/?#:]/)[0]
      .replace(/\.+$/, '');
    if (host) hosts.add(host.replace(/^www\./, ''));
  }
  HOST_PATTERN.lastIndex = 0;
  for (let m = HOST_PATTERN.exec(plain); m; m = HOST_PATTERN.exec(plain)) {
    if (TLD_SET.has(m[2])) hosts.add(m[1].replace(/^www\./, ''));
  }
  return [...hosts];
}

/** True when the text carries a link: an address, or a bare domain with a known top-level domain. */
function hasLink(text) {
  return hostsIn(text).length > 0 || /\bhttps?:\/\//i.test(String(text || ''));
}

/** The entries of an admin's list: one per line or comma, trimmed, lower case, empty ones dropped. */
function listOf(value) {
  return normalize(value)
    .split(/[\n,]/)
    .map((each) => each.trim())
    .filter(Boolean);
}

// A letter or digit of a script that spaces its words (CJK, Thai and the like do not: a word there is a substring).
const isWordChar = (ch) =>
  Boolean(ch) && (/[0-9a-z_]/.test(ch) || (ch > '\u00bf' && ch < '\u2e80' && ch.toLowerCase() !== ch.toUpperCase()));
const unspaced = (word) => /[\u0e00-\u0e7f\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]/.test(word);

/** True when `word` (already normalized) stands in `plain` as a whole word, or anywhere for unspaced scripts. */
function containsWord(plain, word) {
  if (unspaced(word)) return plain.includes(word);
  for (let at = plain.indexOf(word); at !== -1; at = plain.indexOf(word, at + 1)) {
    if (!isWordChar(plain[at - 1]) && !isWordChar(plain[at + word.length])) return true;
  }
  return false;
}

// A blocked domain stands as a host: its own name or a subdomain's, whatever its top-level domain.
const isHostChar = (ch) => Boolean(ch) && /[0-9a-z-]/.test(ch);
function containsHost(plain, domain) {
  for (let at = plain.indexOf(domain); at !== -1; at = plain.indexOf(domain, at + 1)) {
    const after = at + domain.length;
    const continues = isHostChar(plain[after]) || (plain[after] === '.' && isHostChar(plain[after + 1]));
    if (!isHostChar(plain[at - 1]) && !continues) return true;
  }
  return false;
}

/**
 * Why the text is held: 'blocked_domain', 'blocked_word', 'links' (a new member's only), or '' when it may be
 * published. `guard` holds the admins' lists as typed (blocked_words, blocked_domains).
 */
function holdReason(text, guard, isNewMember) {
  const domains = listOf(guard?.blocked_domains).map((d) =>
    d.replace(/^(https?:\/\/)?(www\.)?/, '').replace(/\/.*$/, ''),
  );
  if (domains.length > 0) {
    const plain = normalize(text);
    if (domains.some((d) => containsHost(plain, d))) return 'blocked_domain';
  }
  const words = listOf(guard?.blocked_words);
  if (words.length > 0) {
    const plain = normalize(text);
    if (words.some((word) => containsWord(plain, word))) return 'blocked_word';
  }
  if (isNewMember && hasLink(text)) return 'links';
  return '';
}

module.exports = { holdReason, hasLink, hostsIn, listOf };
