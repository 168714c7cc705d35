// Collects the realtime events a given client receives (with its auth), for assertions.
// The SSE plumbing is tools/lib/realtime-listener.mjs, shared with the benchmarks.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { listenRealtime as listen } from '../../tools/lib/realtime-listener.mjs';

export interface RealtimeEvent {
  topic: string;
  action: string;
  record: RecordModel;
}

export interface RealtimeListener {
  events: RealtimeEvent[];
  /** Resolves with the first collected event matching `match`, or rejects after `timeoutMs`. */
  waitFor(match: (event: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  close(): void;
}

export async function listenRealtime(client: PocketBase, topics: string[]): Promise<RealtimeListener> {
  const events: RealtimeEvent[] = [];
  const connection = await listen(
    client.baseURL,
    topics,
    (topic: string, data: { action: string; record: RecordModel }) => {
      events.push({ topic, action: data?.action, record: data?.record });
    },
    { token: client.authStore.token || undefined },
  );
  return {
    events,
    // 10 s: an event arrives in milliseconds, but four test files share two cores and a write's hooks may wait behind them.
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`realtime: no matching event within ${timeoutMs} ms`);
    },
    close: () => connection.close(),
  };
}
