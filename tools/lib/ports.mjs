// Port helpers: find a free loopback port, or tell clearly that a wanted one is taken.
import { createServer } from 'node:net';

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, host, () => server.close(() => resolvePromise(true)));
  });
}

export function freePort(host = '127.0.0.1') {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

export async function assertPortFree(port, what, variable) {
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} for ${what} is already in use. Stop whatever uses it, or choose another port with ${variable}=<port>.`,
    );
  }
}

/** `count` distinct free ports: all are held open until every one is found, so none repeats. */
export async function freePorts(count, host = '127.0.0.1') {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      await new Promise((resolvePromise, reject) => {
        server.once('error', reject);
        server.listen(0, host, resolvePromise);
      });
      servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((r) => server.close(r))));
  }
}
