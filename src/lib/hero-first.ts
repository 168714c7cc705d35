// Lets a page's first frame show its own heading and text: Astro writes its island runtime (inline scripts)
// just before the header's first island, and Chrome's parser stops to paint at an inline script once it has
// run a while, so the first frame held the header bar alone and the page's text came a frame later. The
// scripts move, unchanged, to the end of <main>: the header's islands are custom elements that upgrade
// when the runtime defines them, and a signed-out visitor's header islands never hydrate anyway.

const HEADER_START = '<header class="site-header"';
const HEADER_END = '</header>';
const MAIN_END = '</main>';
const INLINE_SCRIPT = /<script>[\s\S]*?<\/script>/g;
const encoder = new TextEncoder();
const headerStart = encoder.encode(HEADER_START);
const headerEnd = encoder.encode(HEADER_END);
const mainEnd = encoder.encode(MAIN_END);

/** The page with the site header's inline scripts moved to the end of <main>. The page is read whole (piping
 * Astro's many small chunks through a transform stream cost the Worker more than the page's own render) and moved
 * as bytes: only the header is decoded, not the whole page decoded and encoded again (issue 59). */
export async function withHeroFirst(response: Response): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(moveHeaderScripts(new Uint8Array(await response.arrayBuffer())), response);
}

/** The move itself, on the page's UTF-8 bytes (the same length: nothing is added or lost); a page without a site
 * header, or without inline scripts in it, is returned as it is. */
export function moveHeaderScripts(page: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const start = indexOfBytes(page, headerStart, 0);
  const end = start === -1 ? -1 : indexOfBytes(page, headerEnd, start);
  if (end === -1) return page;
  const header = new TextDecoder().decode(page.subarray(start, end));
  const scripts = header.match(INLINE_SCRIPT);
  if (!scripts) return page;
  // Searched from the end: </main> is the page's last few kilobytes (the footer follows), not past its whole body.
  const found = lastIndexOfBytes(page, mainEnd);
  const at = found < end ? page.length : found;
  const parts = [
    page.subarray(0, start),
    encoder.encode(header.replace(INLINE_SCRIPT, '')),
    page.subarray(end, at),
    encoder.encode(scripts.join('')),
    page.subarray(at),
  ];
  const moved = new Uint8Array(page.length);
  let offset = 0;
  for (const part of parts) {
    moved.set(part, offset);
    offset += part.length;
  }
  return moved;
}

/** Where `needle` first occurs in `bytes` at or after `from`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] as number;
  const last = bytes.length - needle.length;
  for (let at = bytes.indexOf(first, from); at !== -1 && at <= last; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && bytes[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}

/** Where `needle` last occurs in `bytes`, or -1. */
function lastIndexOfBytes(bytes: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] as number;
  for (
    let at = bytes.lastIndexOf(first, bytes.length - needle.length);
    at !== -1;
    at = bytes.lastIndexOf(first, at - 1)
  ) {
    let i = 1;
    while (i < needle.length && bytes[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
    if (at === 0) break;
  }
  return -1;
}
