// Base64 in the hooks (PocketBase's JSVM has no btoa or atob), standard alphabet with padding: of bytes (an array,
// or a Go byte slice as the hooks see it), of a hex digest ($security.hs256's), of a text's UTF-8 bytes; and back,
// the bytes a base64 text holds. Vendors' signatures, Basic auth headers, mail for $inboundMail and webhook keys.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes (numbers 0…255) in base64; built in parts and joined once, so a mail of megabytes stays quick. */
function base64OfBytes(bytes) {
  const n = bytes.length;
  const out = [];
  for (let i = 0; i < n; i += 3) {
    const a = bytes[i];
    const b = i + 1 < n ? bytes[i + 1] : 0;
    const c = i + 2 < n ? bytes[i + 2] : 0;
    const triple = (a << 16) | (b << 8) | c;
    out.push(
      ALPHABET[(triple >> 18) & 63],
      ALPHABET[(triple >> 12) & 63],
      i + 1 < n ? ALPHABET[(triple >> 6) & 63] : '=',
      i + 2 < n ? ALPHABET[triple & 63] : '=',
    );
  }
  return out.join('');
}

/** A hex digest (as $security.hs256 gives it) in base64. */
const base64OfHex = (hex) =>
  base64OfBytes(
    String(hex)
      .match(/../g)
      ?.map((pair) => Number.parseInt(pair, 16)) ?? [],
  );

/** A text's UTF-8 bytes. */
function utf8Bytes(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i);
    if (c > 0xffff) i++;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

/** A text's UTF-8 bytes in base64. */
const base64OfText = (text) => base64OfBytes(utf8Bytes(String(text)));

/** The bytes a base64 text holds, each as one character (codes 0…255), as $security.hs256 takes a key. */
function bytesOfBase64(text) {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 255);
    }
  }
  return out;
}

module.exports = { base64OfBytes, base64OfHex, base64OfText, bytesOfBase64 };
