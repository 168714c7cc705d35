// A group of realtime subscribers for the fan-out benchmark, each its own visitor, reporting the absolute time
// (ms since the epoch, sub-millisecond) each event arrives. Runs in the benchmark's thread or, as a worker
// thread, beside others, so that one Node event loop reading thousands of streams is not what gets measured.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { listenRealtime } from '../realtime-listener.mjs';
import { visitorHeaders } from './throughput.mjs';

/** Absolute time comparable across threads of this machine. */
export const now = () => performance.timeOrigin + performance.now();

/**
 * Opens `count` subscribers of `topic` (50 at a time), visitors `firstVisitor`…; calls `onArrival(at)` per event.
 * @param {{ pbUrl: string, topic: string, count: number, firstVisitor: number, proxySecret?: string,
 *   onArrival: (at: number) => void }} options
 */
export async function openListeners({ pbUrl, topic, count, firstVisitor, proxySecret, onArrival }) {
  const listeners = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) =>
      listenRealtime(pbUrl, [topic], () => onArrival(now()), {
        headers: proxySecret ? visitorHeaders(proxySecret, firstVisitor + i + k) : {},
      }),
    );
    listeners.push(...(await Promise.all(batch)));
  }
  return {
    close: () => {
      for (const listener of listeners) listener.close();
    },
  };
}

// As a worker thread: open the group, say "ready", post arrival times in batches, close when told.
if (!isMainThread && workerData?.fanOutListeners) {
  let pending = [];
  const flush = () => {
    if (pending.length > 0) parentPort?.postMessage({ arrivals: pending });
    pending = [];
  };
  const group = await openListeners({
    ...workerData.fanOutListeners,
    onArrival: (at) => {
      if (pending.push(at) === 1) setImmediate(flush);
    },
  });
  parentPort?.on('message', (message) => {
    if (message !== 'close') return;
    group.close();
    parentPort?.close();
  });
  parentPort?.postMessage({ ready: true });
}
