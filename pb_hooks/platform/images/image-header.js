// Reads an image's type and pixel size from its first bytes (PNG, JPEG, GIF, WebP), without decoding it.
// Works on any indexable byte list: a Go []byte in PocketBase's JSVM, a Buffer in Node tests.

const u16be = (b, i) => (b[i] << 8) | b[i + 1];
const u16le = (b, i) => b[i] | (b[i + 1] << 8);
const u24le = (b, i) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32be = (b, i) => b[i] * 0x1000000 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const ascii = (b, i, n) => {
  let s = '';
  for (let k = 0; k < n && i + k < b.length; k++) s += String.fromCharCode(b[i + k]);
  return s;
};

function readPng(b) {
  if (b.length < 24 || u32be(b, 0) !== 0x89504e47 || u32be(b, 4) !== 0x0d0a1a0a) return null;
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  return { type: 'png', width: u32be(b, 16), height: u32be(b, 20) };
}

function readGif(b) {
  const magic = ascii(b, 0, 6);
  if (b.length < 10 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return null;
  return { type: 'gif', width: u16le(b, 6), height: u16le(b, 8) };
}

// Every start-of-frame marker (baseline, extended, progressive, lossless, arithmetic…):
// C0–CF except C4 (Huffman tables), C8 (reserved) and CC (arithmetic conditioning).
const isStartOfFrame = (marker) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function readJpeg(b) {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    if (isStartOfFrame(marker)) return { type: 'jpeg', width: u16be(b, i + 7), height: u16be(b, i + 5) };
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function readWebp(b) {
  if (b.length < 25 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk !== 'VP8L' && b.length < 30) return null;
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { type: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { type: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** `{ type: 'png' | 'jpeg' | 'gif' | 'webp', width, height }`, or null when the bytes are none of these. */
function readImageHeader(bytes) {
  return readPng(bytes) || readJpeg(bytes) || readGif(bytes) || readWebp(bytes);
}

const EXTENSIONS = { png: ['png'], jpeg: ['jpg', 'jpeg', 'jfif'], gif: ['gif'], webp: ['webp'] };

/** True when a file name's extension says the same type as its bytes. */
function extensionMatches(fileName, type) {
  const ext = String(fileName).toLowerCase().split('.').pop();
  return (EXTENSIONS[type] || []).indexOf(ext) !== -1;
}

module.exports = { readImageHeader, extensionMatches };
