// Which URLs and addresses Chorus may send a request to: a strict reader for URLs people supply (http or https,
// no user info, no other spelling of a number) and the address ranges that are not public. No PocketBase API
// here, so tests/unit/outbound-address.test.ts runs this very file under Node; pb_hooks/platform/outbound/outbound.js sends.

// IPv4 ranges that are never a receiver on the public internet (IANA special-purpose registry).
const REFUSED_V4 = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata 169.254.169.254)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation (TEST-NET-1)'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation (TEST-NET-2)'],
  ['203.0.113.0', 24, 'documentation (TEST-NET-3)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, and broadcast 255.255.255.255'],
];

// IPv6: only global unicast 2000::/3 is public, less these; embedded IPv4 is judged as IPv4 (see ipv6Verdict).
const REFUSED_V6 = [
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
];
const V6_NOTES = [
  ['::/128, ::1/128, ::/96', 'unspecified, loopback, IPv4-compatible'],
  ['::ffff:0:0/96', 'IPv4-mapped: judged by its IPv4 address'],
  ['64:ff9b::/96', 'NAT64: judged by its IPv4 address; 64:ff9b:1::/48 refused'],
  ['2002::/16', '6to4: judged by its IPv4 address'],
  ['fc00::/7', 'unique local (AWS metadata fd00:ec2::254)'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
  ['everything else outside 2000::/3', 'reserved'],
];

// Names that only mean something inside a network, never on the public internet (with the private-use top-level
// names of RFC 6762 appendix G that the root never delegated: intranet, lan, home, corp).
const REFUSED_NAME_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'arpa',
  'localdomain',
  'intranet',
  'lan',
  'home',
  'corp',
];

const DOTTED_QUAD = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The 32-bit number of a canonical dotted quad ("203.0.113.9"), or null for anything else. */
function parseDottedQuad(text) {
  if (!DOTTED_QUAD.test(text)) return null;
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** True when `host` is some spelling of an IPv4 address other than the canonical dotted quad: 2130706433,
 * 0x7f000001, 0177.0.0.1, 127.1, 1.2.3.0x4 (inet_aton and the URL standard read these as addresses). */
function isOtherIPv4Spelling(host) {
  const labels = host.replace(/\.$/, '').split('.');
  const numeric = (label) => /^(0x[0-9a-f]*|\d+)$/i.test(label);
  return !DOTTED_QUAD.test(host) && numeric(labels[labels.length - 1]);
}

function inV4Range(n, [base, prefix]) {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (n & mask) >>> 0 === (parseDottedQuad(base) & mask) >>> 0;
}

/** 'public' or 'refused' for an IPv4 address as a 32-bit number. */
function ipv4Verdict(n) {
  return REFUSED_V4.some((range) => inV4Range(n, range)) ? 'refused' : 'public';
}

/** The eight 16-bit groups of an IPv6 address (with or without an IPv4 tail), or null. Zone ids are refused. */
function parseIPv6(text) {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return null;
  let tail = [];
  let body = text;
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = parseDottedQuad(v4[1]);
    if (n === null) return null;
    tail = [Math.floor(n / 65536), n % 65536];
    body = text.slice(0, v4.index + 1);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const groupsOf = (part) => (part === '' ? [] : part.split(':'));
  const [head, rest] = body.includes('::') ? body.split('::') : [body, null];
  const left = groupsOf(head);
  const right = rest === null ? [] : groupsOf(rest);
  if ([...left, ...right].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const given = left.length + right.length + tail.length;
  if (rest === null ? given !== 8 : given > 7) return null;
  const zeros = new Array(8 - given).fill(0);
  return [...left.map((g) => parseInt(g, 16)), ...zeros, ...right.map((g) => parseInt(g, 16)), ...tail];
}

function inV6Range(groups, [base, prefix]) {
  const start = parseIPv6(base);
  for (let bit = 0; bit < prefix; bit += 16) {
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    if ((groups[bit / 16] & mask) !== (start[bit / 16] & mask)) return false;
  }
  return true;
}

/** 'public' or 'refused' for the eight groups of an IPv6 address. */
function ipv6Verdict(g) {
  const v4At = (i) => ipv4Verdict(g[i] * 65536 + g[i + 1]);
  const zero = (from, to) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4At(6); // ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4At(6); // NAT64 64:ff9b::a.b.c.d
  if (g[0] < 0x2000 || g[0] > 0x3fff) return 'refused'; // outside global unicast: ::, ::1, fc00::/7, fe80::/10, ff00::/8…
  if (g[0] === 0x2002) return v4At(1); // 6to4 2002:a.b.c.d::/48
  return REFUSED_V6.some((range) => inV6Range(g, range)) ? 'refused' : 'public';
}

/** 'public' or 'refused' for an address in text (IPv4 dotted quad or IPv6, brackets optional), or null when
 * the text is no address (a name). Any other spelling of an IPv4 address is refused outright. */
function addressVerdict(text) {
  const host = String(text).toLowerCase();
  const inner = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (inner.includes(':')) {
    const groups = parseIPv6(inner);
    return groups ? ipv6Verdict(groups) : 'refused';
  }
  const n = parseDottedQuad(inner);
  if (n !== null) return ipv4Verdict(n);
  return isOtherIPv4Spelling(inner) ? 'refused' : null;
}

/** True when a host name may never be sent to: localhost and the private-use suffixes, and single labels. */
function nameRefused(name) {
  const host = name.replace(/\.$/, '');
  if (!host.includes('.')) return true;
  return REFUSED_NAME_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

const NAME = /^(?=.{1,253}\.?$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;

/**
 * Reads a URL the strict way. Answers { ok: true, scheme, host, hostKind ('ip' | 'name'), port, origin, url }
 * with the host lower-cased and the URL rebuilt from these parts, or { ok: false, reason: 'refused_url' }
 * (not http(s), user info, spaces, backslashes, non-ASCII, a percent sign or zone in the host, a bad port).
 */
function parseUrl(text) {
  const refused = { ok: false, reason: 'refused_url' };
  const value = String(text ?? '');
  if (value.length > 2048 || !/^[\x21-\x7e]+$/.test(value) || value.includes('\\')) return refused;
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(value);
  if (!match) return refused;
  const scheme = match[1].toLowerCase();
  const authority = match[2];
  if ((scheme !== 'http' && scheme !== 'https') || authority.includes('@') || authority.includes('%')) return refused;
  const bracketed = /^(\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?$/.exec(authority);
  const plain = /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(authority);
  const parts = bracketed || plain;
  if (!parts) return refused;
  const host = parts[1].toLowerCase();
  const port = parts[2] === undefined ? (scheme === 'https' ? 443 : 80) : Number(parts[2]);
  if (!(port >= 1 && port <= 65535)) return refused;
  if (bracketed && !parseIPv6(host.slice(1, -1))) return refused;
  const verdict = addressVerdict(host);
  const hostKind = verdict === null ? 'name' : 'ip';
  if (hostKind === 'name' && !NAME.test(host)) return refused;
  const portText = parts[2] === undefined ? '' : `:${port}`;
  return {
    ok: true,
    scheme,
    host,
    hostKind,
    port,
    origin: `${scheme}://${host}:${port}`,
    url: `${scheme}://${host}${portText}${match[3]}`,
  };
}

/**
 * The verdict on a URL before any name is resolved: { ok: false, reason } ('refused_url' or
 * 'refused_address'), or { ok: true, parsed, resolve } where `resolve` says a name still needs its addresses
 * checked with addressVerdict.
 */
function judgeUrl(text) {
  const parsed = parseUrl(text);
  if (!parsed.ok) return parsed;
  if (parsed.hostKind === 'ip') {
    return addressVerdict(parsed.host) === 'public'
      ? { ok: true, parsed, resolve: false }
      : { ok: false, reason: 'refused_address' };
  }
  if (nameRefused(parsed.host)) return { ok: false, reason: 'refused_address' };
  return { ok: true, parsed, resolve: true };
}

/** The origin key ("http://127.0.0.1:5123") of an allow-list entry, or '' when it is not exactly an origin. */
function allowListOrigin(entry) {
  const text = String(entry).trim().replace(/\/$/, '');
  const parsed = /^[a-z]+:\/\/[^/?#]+$/i.test(text) ? parseUrl(text) : { ok: false };
  return parsed.ok ? parsed.origin : '';
}

/** The addresses in `getent ahosts|hosts` output, one per distinct first column. */
function addressesFromGetent(output) {
  const found = [];
  for (const line of String(output).split('\n')) {
    const address = line.trim().split(/\s+/)[0];
    if (address && !found.includes(address)) found.push(address);
  }
  return found;
}

module.exports = {
  REFUSED_V4,
  REFUSED_V6,
  V6_NOTES,
  REFUSED_NAME_SUFFIXES,
  addressVerdict,
  nameRefused,
  parseUrl,
  judgeUrl,
  allowListOrigin,
  addressesFromGetent,
};
