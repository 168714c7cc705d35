// A zip archive of a few small files, stored without compression (PKWARE's APPNOTE.TXT: local headers, the central
// directory, its end record; CRC-32 per file), for downloads such as Zendesk's sidebar app package. Names are ASCII
// paths; each file is an array of bytes (0…255).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 of `bytes`. */
function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** `text` as UTF-8 bytes. */
function utf8Bytes(text) {
  const bytes = [];
  for (const char of String(text)) {
    const code = char.codePointAt(0);
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

const u16 = (n) => [n & 0xff, (n >>> 8) & 0xff];
const u32 = (n) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const DOS_DATE = 33; // 1980-01-01: the same bytes for the same files
const DOS_TIME = 0;

/** The archive of `files` ([{ name, bytes }]) as an array of bytes. */
function zipOf(files) {
  const out = [];
  const central = [];
  const push = (target, bytes) => {
    for (let i = 0; i < bytes.length; i++) target.push(bytes[i]);
  };
  for (const file of files) {
    const name = utf8Bytes(file.name);
    const crc = crc32(file.bytes);
    const size = file.bytes.length;
    const offset = out.length;
    const common = [...u16(20), ...u16(0), ...u16(0), ...u16(DOS_TIME), ...u16(DOS_DATE), ...u32(crc)];
    push(out, [...u32(0x04034b50), ...common, ...u32(size), ...u32(size), ...u16(name.length), ...u16(0)]);
    push(out, name);
    push(out, file.bytes);
    push(central, [...u32(0x02014b50), ...u16(20), ...common, ...u32(size), ...u32(size), ...u16(name.length)]);
    push(central, [...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(offset)]);
    push(central, name);
  }
  const start = out.length;
  push(out, central);
  push(out, [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(files.length), ...u16(files.length)]);
  push(out, [...u32(central.length), ...u32(start), ...u16(0)]);
  return out;
}

module.exports = { zipOf, crc32, utf8Bytes };
