// Compresses text responses for the browser the way Cloudflare's edge does (brotli when accepted, else
// gzip), so local byte counts and Lighthouse runs measure what production sends.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|atom\+xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 50;

/** The encoding to answer with, or null to send the body as is. */
export function chooseEncoding(acceptEncoding, contentType, headers, size) {
  if (headers['content-encoding'] || size < MIN_BYTES || !COMPRESSIBLE.test(String(contentType ?? ''))) return null;
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export function encode(body, encoding) {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return gzipSync(body, { level: 6 });
}
