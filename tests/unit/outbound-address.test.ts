// The outbound policy's reader and ranges (pb_hooks/platform/outbound/outbound-address.js), row by row of the README's table:
// every refused range at its first and last address, the public address beside it, every other spelling of an
// IPv4 address, IPv6 forms that carry one, the names that only mean something inside a network, and URLs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase does.
interface Parsed {
  ok: boolean;
  reason?: string;
  host?: string;
  port?: number;
  origin?: string;
  url?: string;
}
const hookModule = {
  exports: {} as {
    REFUSED_V4: [string, number, string][];
    addressVerdict(text: string): 'public' | 'refused' | null;
    nameRefused(host: string): boolean;
    parseUrl(text: string): Parsed;
    judgeUrl(text: string): { ok: boolean; reason?: string; resolve?: boolean };
    allowListOrigin(entry: string): string;
    addressesFromGetent(output: string): string[];
  },
};
new Function(
  'module',
  readFileSync(new URL('../../pb_hooks/platform/outbound/outbound-address.js', import.meta.url), 'utf8'),
)(hookModule);
const { REFUSED_V4, addressVerdict, nameRefused, parseUrl, judgeUrl, allowListOrigin, addressesFromGetent } =
  hookModule.exports;

const quad = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const number = (text: string) => text.split('.').reduce((n, part) => n * 256 + Number(part), 0);

describe('IPv4 ranges', () => {
  it.each(REFUSED_V4)('refuses %s/%i (%s) from its first to its last address', (base, prefix) => {
    const first = number(base);
    const last = first + 2 ** (32 - prefix) - 1;
    expect(addressVerdict(quad(first))).toBe('refused');
    expect(addressVerdict(quad(last))).toBe('refused');
    expect(addressVerdict(quad(first + Math.floor((last - first) / 2)))).toBe('refused');
  });

  it('names the rows the issue asks for', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '198.19.255.255',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
    ]) {
      expect(addressVerdict(address), address).toBe('refused');
    }
  });

  it('takes the public addresses just outside each range', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.167.255.255',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '93.184.216.34',
    ]) {
      expect(addressVerdict(address), address).toBe('public');
    }
  });

  it('refuses every other spelling of an IPv4 address, whatever it points at', () => {
    for (const spelling of [
      '2130706433', // 127.0.0.1 as one decimal number
      '0x7f000001', // hex
      '0x7f.0.0.1',
      '0177.0.0.1', // octal
      '017700000001',
      '127.1', // short forms
      '127.0.1',
      '10.1',
      '0',
      '1.1.1.01', // a leading zero reads as octal somewhere
      '134744072', // 8.8.8.8: public, but no plain person writes it so
      '1.2.3.0x4',
      '8.8.8.8.',
    ]) {
      expect(addressVerdict(spelling), spelling).toBe('refused');
    }
  });
});

describe('IPv6', () => {
  it('refuses loopback, unspecified, unique local, link-local, multicast and the metadata address', () => {
    for (const address of [
      '::1',
      '::',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fdff:ffff::1',
      'fd00:ec2::254',
      'fe80::1',
      'febf::1',
      'ff02::1',
      'ff00::',
      '[::1]',
      '100::1', // discard-only
      '2001:db8::1', // documentation
      '3fff::1',
      '2001::1', // Teredo
      '2001:2::1', // benchmarking
      '64:ff9b:1::1', // local-use NAT64
    ]) {
      expect(addressVerdict(address), address).toBe('refused');
    }
  });

  it('judges an embedded IPv4 address as IPv4: mapped, compatible, NAT64 and 6to4', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '::10.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:a00:1::',
      '2002:c0a8:101::1',
    ]) {
      expect(addressVerdict(address), address).toBe('refused');
    }
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1']) {
      expect(addressVerdict(address), address).toBe('public');
    }
  });

  it('takes global unicast, and refuses what it cannot read', () => {
    expect(addressVerdict('2606:4700:4700::1111')).toBe('public');
    expect(addressVerdict('2a00:1450:4001:80b::200e')).toBe('public');
    expect(addressVerdict('2001:4860:4860::8888')).toBe('public');
    for (const bad of ['fe80::1%eth0', '1::2::3', '12345::', 'g::1', '::ffff:999.0.0.1']) {
      expect(addressVerdict(bad), bad).toBe('refused');
    }
  });
});

describe('names', () => {
  it('refuses localhost, private-use suffixes and single labels', () => {
    for (const name of [
      'localhost',
      'localhost.',
      'api.localhost',
      'printer.local',
      'metadata.google.internal',
      'db.internal',
      'router.home.arpa',
      '1.0.0.127.in-addr.arpa',
      'box.localdomain',
      'wiki.intranet',
      'nas.lan',
      'router.home',
      'git.corp',
      'intranet',
      'metadata',
    ]) {
      expect(nameRefused(name), name).toBe(true);
    }
    expect(nameRefused('hooks.slack.com')).toBe(false);
    expect(nameRefused('example.com.')).toBe(false);
  });

  it('is no address, so it is resolved and each answer judged', () => {
    expect(addressVerdict('hooks.example.com')).toBeNull();
    expect(judgeUrl('https://hooks.example.com/in')).toMatchObject({ ok: true, resolve: true });
    expect(
      addressesFromGetent('93.184.216.34   STREAM example.com\n93.184.216.34   DGRAM\n2606:2800::1 STREAM\n'),
    ).toEqual(['93.184.216.34', '2606:2800::1']);
  });
});

describe('URLs', () => {
  it('reads http(s) URLs one way only: host lower-cased, port explicit in the origin', () => {
    expect(parseUrl('HTTPS://Hooks.Example.COM/in?x=1')).toMatchObject({
      ok: true,
      host: 'hooks.example.com',
      port: 443,
      origin: 'https://hooks.example.com:443',
      url: 'https://hooks.example.com/in?x=1',
    });
    expect(parseUrl('http://[2606:4700::1111]:8080/')).toMatchObject({ ok: true, port: 8080 });
  });

  it('refuses other schemes, user info, percent signs, backslashes, spaces, non-ASCII and bad ports', () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'gopher://example.com/',
      'http://user:pass@example.com/',
      'http://example.com@127.0.0.1/',
      'http://%31%32%37.0.0.1/',
      'http://[fe80::1%25eth0]/',
      'http://example.com\\@127.0.0.1/',
      'http://exa mple.com/',
      ' http://example.com/',
      'http://exämple.com/',
      'http://example.com:0/',
      'http://example.com:65536/',
      'http://example.com:/',
      'http://[::1/',
      'http:///x',
      '//example.com/',
      'http://-bad.example.com/',
    ]) {
      expect(parseUrl(url), url).toMatchObject({ ok: false, reason: 'refused_url' });
    }
  });

  it('refuses a URL whose host is a non-public address or a local name', () => {
    for (const url of [
      'http://127.0.0.1:1/',
      'http://[::1]/',
      'http://localhost:8090/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://metadata.google.internal/computeMetadata/v1/',
    ]) {
      expect(judgeUrl(url), url).toMatchObject({ ok: false, reason: 'refused_address' });
    }
    expect(judgeUrl('http://8.8.8.8/')).toMatchObject({ ok: true, resolve: false });
  });

  it('takes exact origins only on the allow-list', () => {
    expect(allowListOrigin('http://127.0.0.1:5123')).toBe('http://127.0.0.1:5123');
    expect(allowListOrigin('http://127.0.0.1:5123/')).toBe('http://127.0.0.1:5123');
    expect(allowListOrigin('https://receiver.test')).toBe('https://receiver.test:443');
    expect(allowListOrigin('http://127.0.0.1:5123/hook')).toBe('');
    expect(allowListOrigin('http://127.0.0.1:*')).toBe('');
    expect(allowListOrigin('*')).toBe('');
  });
});
