// A minimal PocketBase realtime (SSE) client for benchmarks and tests: connects, subscribes to topics,
// and reports each event with the time it arrived. Reads the stream with node:http (a plain socket and a
// string buffer): fetch's web streams cost about ten times more CPU per event, which at 10,000 streams
// made the benchmark's own client, not PocketBase, the slow part.
import http from 'node:http';
import https from 'node:https';

/**
 * @param {string} pbUrl
 * @param {string[]} topics
 * @param {(event: string, payload: any, at: number) => void} onEvent
 * @param {{ token?: string | undefined, headers?: Record<string, string> | undefined }} [options]
 */
export async function listenRealtime(pbUrl, topics, onEvent, { token, headers = {} } = {}) {
  const url = new URL('/api/realtime', pbUrl);
  const client = url.protocol === 'https:' ? https : http;
  let connected;
  let failed;
  const ready = new Promise((resolvePromise, rejectPromise) => {
    connected = resolvePromise;
    failed = rejectPromise;
  });
  const request = client.get(url, { headers, agent: false }, (response) => {
    if (response.statusCode !== 200) {
      failed(new Error(`Connecting failed: ${response.statusCode}`));
      response.resume();
      return;
    }
    response.setEncoding('utf8');
    let buffer = '';
    response.on('data', (chunk) => {
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = parseFrame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (frame.event === 'PB_CONNECT') connected(JSON.parse(frame.data).clientId);
        else if (frame.event) onEvent(frame.event, JSON.parse(frame.data), performance.now());
        end = buffer.indexOf('\n\n');
      }
    });
    response.on('error', () => {}); // aborted on close
  });
  request.on('error', (error) => failed(error));
  const clientId = await ready;
  const subscribed = await fetch(`${pbUrl}/api/realtime`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', ...(token && { authorization: token }) },
    body: JSON.stringify({ clientId, subscriptions: topics }),
  });
  if (!subscribed.ok) throw new Error(`Subscribing failed: ${subscribed.status} ${await subscribed.text()}`);
  return { close: () => request.destroy() };
}

function parseFrame(text) {
  const frame = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) frame[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return frame;
}
