// A minimal realtime (SSE) listener for tests, without a browser EventSource: connects to
// /api/realtime, subscribes to topics with the client's auth, and collects the events it receives.
import type PocketBase from 'pocketbase';

export interface RealtimeListener {
  events: { topic: string; data: { action: string; record: Record<string, unknown> } }[];
  close(): void;
}

export async function listenRealtime(client: PocketBase, topics: string[]): Promise<RealtimeListener> {
  const controller = new AbortController();
  const response = await fetch(`${client.baseURL}/api/realtime`, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: RealtimeListener['events'] = [];
  let buffer = '';
  let resolveClientId: (id: string) => void = () => {};
  const clientId = new Promise<string>((resolve) => {
    resolveClientId = resolve;
  });

  // Reads "event:" / "data:" blocks separated by blank lines until closed.
  (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const topic = /^event:(.*)$/m.exec(block)?.[1]?.trim() ?? '';
        const data = JSON.parse(/^data:(.*)$/m.exec(block)?.[1] ?? '{}');
        if (topic === 'PB_CONNECT') resolveClientId(data.clientId);
        else events.push({ topic, data });
        end = buffer.indexOf('\n\n');
      }
    }
  })();

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (client.authStore.token) headers.Authorization = client.authStore.token;
  const subscribed = await fetch(`${client.baseURL}/api/realtime`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ clientId: await clientId, subscriptions: topics }),
  });
  if (!subscribed.ok) throw new Error(`Realtime subscription failed: ${subscribed.status}`);
  return { events, close: () => controller.abort() };
}
