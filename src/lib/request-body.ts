// A request's body as text within a size cap, for the Worker's routes that take a body from anyone (purges,
// tracker events, MCP). A body over the cap is refused, but one up to DRAIN_BYTES is still read to its end
// first: a proxy in front of the Worker (the local preview's, at least) fails the next request on a connection
// whose body was left unread, so a 413 turned the following page view into a 500. Larger bodies are cancelled.

/** Bodies over the cap but within this are read (and dropped) before the refusal. */
export const DRAIN_BYTES = 1024 * 1024;

/** The body as UTF-8 text when it is at most `limit` bytes, else null. */
export async function readTextWithin(request: Request, limit: number): Promise<string | null> {
  const drainUpTo = Math.max(limit, DRAIN_BYTES);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > drainUpTo) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size > limit ? null : text + decoder.decode();
    size += value.byteLength;
    if (size > drainUpTo) {
      await reader.cancel();
      return null;
    }
    if (size <= limit) text += decoder.decode(value, { stream: true });
  }
}
