// A minimal PocketBase realtime (SSE) client for benchmarks: connects, subscribes to topics,
// and reports each event with the time it arrived. Uses fetch streaming, no browser needed.
/**
 * @param {string} pbUrl
 * @param {string[]} topics
 * @param {(event: string, payload: any, at: number) => void} onEvent
 * @param {{ token?: string | undefined, headers?: Record<string, string> | undefined }} [options]
 */
export async function listenRealtime(pbUrl, topics, onEvent, { token, headers = {} } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${pbUrl}/api/realtime`, { signal: controller.signal, headers });
  if (!response.ok) throw new Error(`Connecting failed: ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let connected;
  const ready = new Promise((resolvePromise) => {
    connected = resolvePromise;
  });
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (frame.event === 'PB_CONNECT') connected(JSON.parse(frame.data).clientId);
          else if (frame.event) onEvent(frame.event, JSON.parse(frame.data), performance.now());
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted on close
    }
  })();
  const clientId = await ready;
  const subscribed = await fetch(`${pbUrl}/api/realtime`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', ...(token && { authorization: token }) },
    body: JSON.stringify({ clientId, subscriptions: topics }),
  });
  if (!subscribed.ok) throw new Error(`Subscribing failed: ${subscribed.status} ${await subscribed.text()}`);
  return { close: () => controller.abort() };
}

function parseFrame(text) {
  const frame = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) frame[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return frame;
}
