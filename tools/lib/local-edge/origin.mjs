// The local edge's requests to the Worker (workerd): kept-alive sockets, and one resend when the origin closed a
// reused socket just as it was taken (a 502 there once failed a page's module graph for good).
import { Agent, request as httpRequest } from 'node:http';

/** Errors of a kept-alive socket closed by the origin before it took a request. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * @param {number} originPort
 * @returns {{ fetch: (options: { method: string, path: string, headers: Record<string, unknown>, body?: Buffer }) =>
 *   Promise<{ status: number, headers: Record<string, any>, body: Buffer }>, destroy: () => void }}
 */
export function originClient(originPort) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const fetchOnce = ({ method, path, headers, body }, attempt = 0) =>
    new Promise((resolvePromise, reject) => {
      const upstream = httpRequest({ host: '127.0.0.1', port: originPort, method, path, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      upstream.on('error', (error) => {
        if (upstream.reusedSocket && attempt === 0 && RESET_CODES.has(error.code)) {
          fetchOnce({ method, path, headers, body }, 1).then(resolvePromise, reject);
        } else reject(error);
      });
      if (body) upstream.end(body);
      else upstream.end();
    });
  return { fetch: (options) => fetchOnce(options), destroy: () => agent.destroy() };
}

/** The request's body, or undefined when it has none. */
export async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}
