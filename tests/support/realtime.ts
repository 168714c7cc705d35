// A minimal PocketBase realtime (SSE) listener for Node, which has no EventSource: connects, subscribes
// to topics with the given client's auth, and collects the events it receives.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';

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
  const abort = new AbortController();
  const response = await fetch(`${client.baseURL}/api/realtime`, { signal: abort.signal });
  if (!response.body) throw new Error('realtime: no stream');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: RealtimeEvent[] = [];
  let buffered = '';
  let connected: (clientId: string) => void = () => {};
  const clientId = new Promise<string>((resolve) => {
    connected = resolve;
  });

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
          const topic = message.match(/^event:(.*)$/m)?.[1]?.trim() ?? '';
          const data = JSON.parse(message.match(/^data:(.*)$/m)?.[1] ?? 'null');
          if (topic === 'PB_CONNECT') connected(data.clientId);
          else events.push({ topic, action: data?.action, record: data?.record });
        }
      }
    } catch {
      // closed
    }
  })();

  await client.send('/api/realtime', { method: 'POST', body: { clientId: await clientId, subscriptions: topics } });
  return {
    events,
    async waitFor(match, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`realtime: no matching event within ${timeoutMs} ms`);
    },
    close: () => abort.abort(),
  };
}
