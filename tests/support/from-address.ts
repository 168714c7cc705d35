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
