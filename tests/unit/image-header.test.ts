// The header reader PocketBase's upload hook uses: type and pixel size of every format Chorus accepts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blackPng } from '../support/images';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase does.
const hookModule = {
  exports: {} as { readImageHeader(bytes: Uint8Array): unknown; extensionMatches(name: string, type: string): boolean },
};
new Function(
  'module',
  readFileSync(new URL('../../pb_hooks/platform/images/image-header.js', import.meta.url), 'utf8'),
)(hookModule);
const { readImageHeader, extensionMatches } = hookModule.exports;

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const u16be = (n: number) => [n >> 8, n & 255];
const u16le = (n: number) => [n & 255, n >> 8];
const u24le = (n: number) => [n & 255, (n >> 8) & 255, n >> 16];

/** A JPEG start, an EXIF-like APP1 block, then a frame header with the given SOF marker. */
const jpeg = (sof: number, width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe1, ...u16be(2 + 300)],
    new Array(300).fill(7),
    [0xff, 0xff],
    [0xff, sof, 0, 17, 8],
    u16be(height),
    u16be(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
const webp = (chunk: string, payload: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], payload);

describe('readImageHeader', () => {
  it.each([
    ['PNG', blackPng(20000, 20000), 'png', 20000, 20000],
    ['baseline JPEG (SOF0)', jpeg(0xc0, 640, 480), 'jpeg', 640, 480],
    ['extended JPEG (SOF1)', jpeg(0xc1, 300, 200), 'jpeg', 300, 200],
    ['progressive JPEG (SOF2)', jpeg(0xc2, 12000, 9000), 'jpeg', 12000, 9000],
    ['lossless JPEG (SOF3)', jpeg(0xc3, 5, 6), 'jpeg', 5, 6],
    ['arithmetic progressive JPEG (SOF10)', jpeg(0xca, 65535, 65535), 'jpeg', 65535, 65535],
    ['GIF89a', bytes('GIF89a', u16le(800), u16le(600), [0xf7, 0, 0]), 'gif', 800, 600],
    ['GIF87a', bytes('GIF87a', u16le(1), u16le(65535), [0, 0, 0]), 'gif', 1, 65535],
    ['lossy WebP (VP8)', webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(1024), ...u16le(768)]), 'webp', 1024, 768],
    ['lossless WebP (VP8L)', webp('VP8L', [0x2f, 0xff, 0xff, 0xff, 0x0f]), 'webp', 16384, 16384],
    ['extended WebP (VP8X)', webp('VP8X', [0x10, 0, 0, 0, ...u24le(19999), ...u24le(99)]), 'webp', 20000, 100],
  ])('reads a %s', (_name, file, type, width, height) => {
    expect(readImageHeader(file)).toEqual({ type, width, height });
  });

  it('skips the Huffman-table marker, which looks like a frame header', () => {
    const file = bytes([0xff, 0xd8, 0xff, 0xc4, 0, 4, 1, 2], jpeg(0xc2, 40, 30).subarray(2));
    expect(readImageHeader(file)).toEqual({ type: 'jpeg', width: 40, height: 30 });
  });

  it.each([
    ['text', bytes('hello, this is not an image at all')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')],
    ['a PNG cut short', blackPng(4, 4).subarray(0, 20)],
    ['a JPEG without a frame header', bytes([0xff, 0xd8, 0xff, 0xda, 0, 8], new Array(40).fill(0))],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVE', 'fmt ', new Array(30).fill(0))],
    ['an empty file', bytes([])],
  ])('refuses %s', (_name, file) => {
    expect(readImageHeader(file)).toBeNull();
  });
});

describe('extensionMatches', () => {
  it.each([
    ['shot.PNG', 'png', true],
    ['photo.jpeg', 'jpeg', true],
    ['photo.jpg', 'jpeg', true],
    ['photo.jpg', 'png', false],
    ['page.html', 'png', false],
    ['no-extension', 'gif', false],
    ['anim.gif', 'gif', true],
    ['pic.webp', 'webp', true],
  ])('%s holding %s → %s', (name, type, expected) => {
    expect(extensionMatches(name, type)).toBe(expected);
  });
});
