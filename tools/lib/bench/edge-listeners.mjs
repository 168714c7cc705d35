// Live viewers of one topic at the edge for the fan-out benchmark: WebSockets to the Worker's /live, each its
// own visitor address, reporting when each published change arrives. Runs as a child process (a process's
// open files are limited, so the crowd is split over several), or in the caller's process.
import { now } from './fan-out-listeners.mjs';

/** Visitor addresses from a number (10.x.y.z), so each socket is its own visitor and shards spread. */
const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One viewer; a handshake refused under load is tried again (three times). */
async function openOne(url, topic, visitor, onArrival) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectOne(url, topic, visitor, onArrival);
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

function connectOne(url, topic, visitor, onArrival) {
  const WebSocketWithHeaders = WebSocket;
  const socket = new WebSocketWithHeaders(url, { headers: { 'cf-connecting-ip': addressOf(visitor) } });
  return new Promise((resolve, reject) => {
    socket.onerror = () => reject(new Error(`socket ${visitor} failed`));
    socket.onopen = () => socket.send(JSON.stringify({ sub: [topic], id: 1 }));
    socket.onmessage = (event) => {
      const data = String(event.data);
      if (data.startsWith('{"ack"')) return resolve(socket);
      // Published changes carry a seq; a snapshot (s 0) is the state at connect, not a delivery.
      if (!data.includes('"s":0,')) onArrival(now());
    };
  });
}

/** Opens `count` sockets (100 at a time) subscribed to `topic`; `onArrival(at)` per delivered change. */
export async function openEdgeListeners({ url, topic, count, firstVisitor, onArrival }) {
  const sockets = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, k) =>
      openOne(url, topic, firstVisitor + i + k, onArrival),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return {
    close: () => {
      for (const socket of sockets) socket.close();
    },
  };
}

// As a child process: open the group, say "ready", send arrival times in batches, exit when told.
if (process.send && process.env.CHORUS_EDGE_LISTENERS) {
  const options = JSON.parse(process.env.CHORUS_EDGE_LISTENERS);
  let pending = [];
  const flush = () => {
    if (pending.length > 0) process.send?.({ arrivals: pending });
    pending = [];
  };
  const group = await openEdgeListeners({
    ...options,
    onArrival: (at) => {
      if (pending.push(at) === 1) setImmediate(flush);
    },
  });
  process.on('message', (message) => {
    if (message !== 'close') return;
    group.close();
    setTimeout(() => process.exit(0), 200);
  });
  process.send({ ready: true });
}
