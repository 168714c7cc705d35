// How long one write takes to reach every realtime subscriber of a record (p50/p95 over all deliveries).
import { listenRealtime } from '../realtime-listener.mjs';
import { newVisitor } from './throughput.mjs';

/**
 * @param {string} pbUrl
 * @param {{ topic: string, subscribers: number, rounds: number, write: () => Promise<unknown>, proxySecret?: string }} options
 *   With the proxy secret each subscriber is its own visitor, as a crowd is, so PocketBase's per-address
 *   limit (300 requests per 10 s) does not refuse the benchmark's connections.
 */
export async function measureFanOut(pbUrl, { topic, subscribers, rounds, write, proxySecret }) {
  let round = null;
  const latencies = [];
  const listeners = [];
  for (let i = 0; i < subscribers; i += 50) {
    const batch = Array.from({ length: Math.min(50, subscribers - i) }, () =>
      listenRealtime(
        pbUrl,
        [topic],
        (_event, _payload, at) => {
          if (!round) return;
          latencies.push(at - round.started);
          round.received += 1;
          if (round.received === subscribers) round.done();
        },
        { headers: proxySecret ? newVisitor(proxySecret) : {} },
      ),
    );
    listeners.push(...(await Promise.all(batch)));
  }
  try {
    for (let r = 0; r < rounds; r++) {
      const finished = new Promise((resolvePromise) => {
        round = { started: performance.now(), received: 0, done: resolvePromise };
      });
      await write();
      await Promise.race([finished, new Promise((r2) => setTimeout(r2, 30_000))]);
      round = null;
    }
  } finally {
    for (const listener of listeners) listener.close();
  }
  return latencies;
}

/** A vote toggled by one voter on the benchmark idea: the `posts` update every open idea page receives. */
export function voteToggle(data) {
  const voter = data.voters[0];
  return async () => {
    const existing = await voter.pb.collection('votes').getFullList({ filter: `post = "${data.postWithComments}"` });
    if (existing.length > 0) await voter.pb.collection('votes').delete(existing[0].id);
    else await voter.pb.collection('votes').create({ post: data.postWithComments, user: voter.id });
  };
}

/**
 * The same fan-out from a collection whose view rule is "" (public): PocketBase then skips the
 * per-subscriber rule query. Returns the topic and a write, or creates the collection on first use.
 */
export async function publicCounterTopic(admin) {
  const name = 'bench_public_counters';
  await admin.collections.create({
    name,
    type: 'base',
    listRule: '',
    viewRule: '',
    fields: [{ name: 'votes', type: 'number' }],
  });
  const record = await admin.collection(name).create({ votes: 0 });
  let votes = 0;
  return { topic: `${name}/${record.id}`, write: () => admin.collection(name).update(record.id, { votes: ++votes }) };
}
