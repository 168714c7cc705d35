// A fake site Worker for integration tests: serves POST /edge/publish as PocketBase calls it, records every
// call (its authorization, changes and tags, and what it answered) and answers as the test decides.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Change } from '../../src/lib/live/protocol';
import type { TestPocketBase } from './pocketbase';
import { createComment } from './world';

export interface PublishCall {
  authorization: string | undefined;
  changes: Change[];
  tags: string[];
  /** The status the fake answered (or will answer, after its delay). */
  status: number;
  at: number;
  /** When the answer went out (0 while the fake is still holding it). */
  answeredAt: number;
}

export interface FakeWorker {
  /** The site's origin, for PocketBase's EDGE_URL. */
  url: string;
  /** Every call to POST /edge/publish, in arrival order (emptied by `reset`). */
  calls: PublishCall[];
  /** Requests to any other path. */
  stray: string[];
  reset(): void;
  /** What the next calls get: a status, optionally after a delay. */
  answer(status: number, delayMs?: number): void;
  /** Stops listening and drops open connections (the Worker unreachable). */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
  tags(): string[];
  changes(): Change[];
}

export async function startFakeWorker(): Promise<FakeWorker> {
  let status = 200;
  let delayMs = 0;
  const worker = {
    calls: [] as PublishCall[],
    stray: [] as string[],
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url !== '/edge/publish' || req.method !== 'POST') {
        worker.stray.push(`${req.method} ${req.url}`);
        res.writeHead(404).end('{}');
        return;
      }
      const parsed = JSON.parse(body) as { changes?: Change[]; tags?: string[] };
      const call: PublishCall = {
        authorization: req.headers.authorization,
        changes: parsed.changes ?? [],
        tags: parsed.tags ?? [],
        status,
        at: Date.now(),
        answeredAt: 0,
      };
      worker.calls.push(call);
      const answer = status;
      setTimeout(() => {
        call.answeredAt = Date.now();
        if (!res.destroyed) res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return worker.calls;
    },
    stray: worker.stray,
    reset() {
      worker.calls = [];
      worker.stray.length = 0;
    },
    answer(next, delay = 0) {
      status = next;
      delayMs = delay;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    reopen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    tags: () => [...new Set(worker.calls.flatMap((call) => call.tags))].sort(),
    changes: () => worker.calls.flatMap((call) => call.changes),
  };
}

/**
 * A write whose publishing the test can see arrive (a comment on an idea of its own): publishing is one queue, so
 * once all the sentinel queued (the comment, its idea's recount and its page's tag: the last change and the last
 * tag of their batch) has arrived, everything a write before it queued has been sent too. `settle` makes one and
 * waits for it; `isSentinelTag` and `isSentinelChange` tell its tags and changes apart from the ones under test.
 */
export async function edgeSentinel(pb: TestPocketBase, worker: FakeWorker, board: RecordModel, author: PocketBase) {
  const post = await pb.admin
    .collection('posts')
    .create({ board: board.id, author: author.authStore.record?.id, title: 'Sentinel', body: '-', approved: true });
  let comments = 0;
  return {
    post,
    async settle(timeoutMs = 5000) {
      const from = worker.calls.length;
      const comment = await createComment(pb, post, author, { body: 'Sentinel comment' });
      comments += 1;
      const arrived = () => {
        const calls = worker.calls.slice(from);
        const changes = calls.flatMap((call) => call.changes);
        return (
          changes.some((change) => change.collection === 'comments' && change.record.id === comment.id) &&
          changes.some((change) => change.record.id === post.id && change.record.comment_count === comments) &&
          calls.some((call) => call.tags.includes(`post:${post.id}`))
        );
      };
      const deadline = Date.now() + timeoutMs;
      while (!arrived()) {
        if (Date.now() > deadline) throw new Error('The sentinel write never fully reached the fake Worker.');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    isSentinelTag: (tag: string) => tag === `post:${post.id}`,
    isSentinelChange: (change: Change) => change.post === post.id || change.record.id === post.id,
  };
}
