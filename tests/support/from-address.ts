// Sends HTTP requests from a chosen loopback address (127.0.0.2, …), as a second client machine would.
import { request } from 'node:http';

export interface PlainResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request from `localAddress` to `url` (JSON body when `json` is given). */
export function requestFrom(
  localAddress: string,
  url: string,
  { method = 'GET', json, headers = {} }: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<PlainResponse> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolvePromise, reject) => {
    const req = request(
      url,
      {
        method,
        localAddress,
        headers: { ...(body && { 'content-type': 'application/json' }), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The statuses of `count` requests made by `make(i)`, `parallel` at a time, in the order they were made. A limiter's
 * window counts from the first request: on a loaded machine one request after another can outlast it, so a test
 * of "the Nth is refused" sends the allowed ones in parallel batches and the one past the limit alone, last.
 */
export async function statusesOf(
  count: number,
  make: (i: number) => Promise<PlainResponse>,
  parallel = 1,
): Promise<number[]> {
  const out: number[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, k) => make(start + k));
    out.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  return out;
}
