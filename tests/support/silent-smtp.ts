// A PocketBase whose mail server takes every connection and never answers: each email PocketBase tries is one
// connection, and no send ever ends, so PocketBase's own 2-minute resend mark (set once an email has gone or
// failed) is never set and every request reaches Chorus's count (pb_hooks/platform/limits.js).
import { createServer, type Socket } from 'node:net';
import { freePort } from '../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from './pocketbase';

export interface SilentSmtpPocketBase {
  pb: TestPocketBase;
  /** How many emails PocketBase has tried so far (connections to the silent server). */
  tried(): number;
  stop(): Promise<void>;
}

export async function startSilentSmtpPocketBase(): Promise<SilentSmtpPocketBase> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  const port = await freePort();
  await new Promise<void>((resolvePromise) => server.listen(port, '127.0.0.1', resolvePromise));
  const pb = await startTestPocketBase({ smtpPort: port });
  return {
    pb,
    tried: () => sockets.length,
    async stop() {
      await pb.stop();
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
