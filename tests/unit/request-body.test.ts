// The Worker's capped body reader: text within the cap, null over it, read to the end up to DRAIN_BYTES (so a
// proxy keeps the connection usable) and cancelled beyond.
import { describe, expect, it } from 'vitest';
import { DRAIN_BYTES, readTextWithin } from '../../src/lib/request-body';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('https://chorus.test/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

/** A chunked body (no Content-Length) of `chunks` chunks of `size` bytes, counting what was pulled. */
function chunked(chunks: number, size: number) {
  const pulled = { count: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count += 1;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  return { stream, pulled };
}

describe('readTextWithin', () => {
  it('returns the text of a body within the cap, counting bytes not characters', async () => {
    expect(await readTextWithin(post('{"tags":["post:a"]}'), 100)).toBe('{"tags":["post:a"]}');
    expect(await readTextWithin(post('é'.repeat(6)), 12)).toBe('é'.repeat(6));
    expect(await readTextWithin(post('é'.repeat(7)), 12)).toBeNull();
  });

  it('reads a body over the cap to its end before refusing it, so the connection stays usable', async () => {
    const request = post('x'.repeat(40_000));
    expect(await readTextWithin(request, 16 * 1024)).toBeNull();
    expect(request.bodyUsed).toBe(true);
    const { stream, pulled } = chunked(10, 4096);
    expect(await readTextWithin(post(stream), 1000)).toBeNull();
    expect(pulled.count).toBe(10);
  });

  it('stops reading a chunked body past DRAIN_BYTES and refuses one that declares more unread', async () => {
    const { stream, pulled } = chunked(1000, 64 * 1024);
    expect(await readTextWithin(post(stream), 1000)).toBeNull();
    expect(pulled.count).toBeLessThanOrEqual(DRAIN_BYTES / (64 * 1024) + 2);
    const huge = post('x', { 'content-length': String(DRAIN_BYTES + 1) });
    expect(await readTextWithin(huge, 1000)).toBeNull();
    expect(huge.bodyUsed).toBe(false);
  });

  it('reads an empty body as empty text', async () => {
    expect(await readTextWithin(new Request('https://chorus.test/x', { method: 'POST' }), 10)).toBe('');
  });
});
