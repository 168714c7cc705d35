// How long a vote takes to reach every realtime subscriber of the idea (as a `posts` update event).
import { listenRealtime } from '../realtime-listener.mjs';

export async function measureFanOut(pbUrl, data, subscribers, rounds) {
  const topic = `posts/${data.postWithComments}`;
  let round = null;
  const latencies = [];
  const listeners = [];
  for (let i = 0; i < subscribers; i += 50) {
    const batch = Array.from({ length: Math.min(50, subscribers - i) }, () =>
      listenRealtime(pbUrl, [topic], (_event, _payload, at) => {
        if (!round) return;
        latencies.push(at - round.started);
        round.received += 1;
        if (round.received === subscribers) round.done();
      }),
    );
    listeners.push(...(await Promise.all(batch)));
  }
  try {
    const voter = data.voters[0];
    for (let r = 0; r < rounds; r++) {
      const finished = new Promise((resolvePromise) => {
        round = { started: performance.now(), received: 0, done: resolvePromise };
      });
      const existing = await voter.pb.collection('votes').getFullList({ filter: `post = "${data.postWithComments}"` });
      round.started = performance.now();
      if (existing.length > 0) await voter.pb.collection('votes').delete(existing[0].id);
      else await voter.pb.collection('votes').create({ post: data.postWithComments, user: voter.id });
      await Promise.race([finished, new Promise((r2) => setTimeout(r2, 10_000))]);
      round = null;
    }
  } finally {
    for (const listener of listeners) listener.close();
  }
  return latencies;
}
