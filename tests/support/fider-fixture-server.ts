// Serves the recorded Fider v0.36.0 answers (tests/fixtures/fider-v0.36.0) over real HTTP, so the
// importer talks to "Fider" exactly as it would to a running one: the same paths, status codes, content
// types and bodies; the admin key is checked on /api/ paths as Fider does; anything unrecorded is 404.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, '../fixtures/fider-v0.36.0');
interface Recorded {
  method: string;
  path: string;
  auth: 'admin' | 'anonymous' | 'invalid';
  status: number;
  headers: Record<string, string>;
  body_file: string;
}

export async function startFiderFixtureServer(apiKey: string) {
  const recorded: Recorded[] = JSON.parse(readFileSync(join(FIXTURES, 'requests.json'), 'utf8'));
  const invalidKey = recorded.find((r) => r.auth === 'invalid') as Recorded;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const authorization = req.headers.authorization ?? '';
    const isApi = path.startsWith('/api/');
    const auth = isApi && authorization ? (authorization === `Bearer ${apiKey}` ? 'admin' : 'invalid') : 'anonymous';
    const candidates = recorded.filter((r) => r.method === req.method && r.path === path);
    const found =
      auth === 'invalid'
        ? invalidKey
        : (candidates.find((r) => r.auth === auth) ?? candidates.find((r) => r.auth === 'admin' && !isApi));
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
      return;
    }
    res.writeHead(found.status, found.headers).end(readFileSync(join(FIXTURES, found.body_file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
