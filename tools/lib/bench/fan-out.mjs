// How long one write takes to reach every realtime subscriber of a topic (p50/p95 over all deliveries).
// The subscribers can be spread over worker threads, to tell PocketBase's cost from the benchmark client's.
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { processCpuMs, processRssMb, workerdCpuMs } from './cpu-cost.mjs';
import { now, openListeners } from './fan-out-listeners.mjs';

/** Visitor numbers per thread: far apart, so no two subscribers share an address. */
const VISITORS_PER_GROUP = 1_000_000;

/**
 * @param {string} pbUrl
 * @param {{ topic: string, subscribers: number, rounds: number, write: () => Promise<unknown>, proxySecret?: string,
 *   threads?: number, pocketbasePid?: number }} options
 *   With the proxy secret each subscriber is its own visitor, as a crowd is, so PocketBase's per-address
 *   limit (300 requests per 10 s) does not refuse the benchmark's connections. `threads` > 1 reads the
 *   streams in that many worker threads instead of this one.
 * @returns {Promise<{ latencies: number[], writes: number[], pocketbaseRssMb: number,
 *   cpu: { pocketbaseMs: number, clientMs: number } }>} every delivery's latency, how long each write's request
 *   took, PocketBase's memory with every subscriber connected, and the CPU time PocketBase
 *   and this benchmark process spent per round (write and fan-out).
 */
export async function measureFanOut(
  pbUrl,
  { topic, subscribers, rounds, write, proxySecret, threads = 1, pocketbasePid, edgeUrl, sitePid },
) {
  let round = null;
  const latencies = [];
  const onArrival = (at) => {
    if (!round) return;
    latencies.push(at - round.started);
    round.received += 1;
    if (round.received === subscribers) round.done();
  };
  // At the edge, viewers are WebSockets to the Worker, in child processes of at most EDGE_PER_PROCESS each.
  const groupCount = edgeUrl ? Math.ceil(subscribers / EDGE_PER_PROCESS) : threads;
  const sizes = Array.from({ length: groupCount }, (_, i) => Math.floor((subscribers + i) / groupCount));
  const groups = await Promise.all(
    sizes.map((count, i) => {
      const firstVisitor = 1 + i * VISITORS_PER_GROUP;
      if (edgeUrl) return openEdgeProcess({ url: edgeUrl, topic, count, firstVisitor }, onArrival);
      const options = { pbUrl, topic, count, proxySecret, firstVisitor };
      return threads === 1 ? openListeners({ ...options, onArrival }) : openWorker(options, onArrival);
    }),
  );
  const rssMb = processRssMb(pocketbasePid);
  // One vote nobody times first: the connections' set-up garbage is collected before the figures start.
  await write();
  await new Promise((r2) => setTimeout(r2, 1000));
  const writes = [];
  const cpuBefore = {
    pocketbase: processCpuMs(pocketbasePid),
    site: workerdCpuMs(sitePid),
    client: process.cpuUsage(),
  };
  try {
    for (let r = 0; r < rounds; r++) {
      const finished = new Promise((resolvePromise) => {
        round = { started: now(), received: 0, done: resolvePromise };
      });
      await write();
      writes.push(now() - round.started);
      // With nobody watching, the publish still runs beside the request: give it time to be counted.
      const waitAtMost = subscribers === 0 ? 300 : 30_000;
      await Promise.race([finished, new Promise((r2) => setTimeout(r2, waitAtMost))]);
      round = null;
      await new Promise((r2) => setTimeout(r2, 200)); // let the last writes and GC settle
    }
  } finally {
    for (const group of groups) group.close();
  }
  const client = process.cpuUsage(cpuBefore.client);
  return {
    latencies,
    writes,
    pocketbaseRssMb: rssMb,
    cpu: {
      pocketbaseMs: (processCpuMs(pocketbasePid) - cpuBefore.pocketbase) / rounds,
      siteMs: (workerdCpuMs(sitePid) - cpuBefore.site) / rounds,
      clientMs: (client.user + client.system) / 1000 / rounds,
    },
  };
}

/** Edge viewers per child process: a process may hold 20,000 open files here, and each socket is one. */
const EDGE_PER_PROCESS = 9000;

/** A group of edge viewers in a child process (edge-listeners.mjs). */
function openEdgeProcess(options, onArrival) {
  const child = fork(new URL('./edge-listeners.mjs', import.meta.url), {
    env: { ...process.env, CHORUS_EDGE_LISTENERS: JSON.stringify(options) },
  });
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => code && reject(new Error(`edge listeners exited with ${code}`)));
    child.on('message', (message) => {
      if (message.ready) resolvePromise({ close: () => child.send('close') });
      for (const at of message.arrivals ?? []) onArrival(at);
    });
  });
}

/** A group of listeners in a worker thread (fan-out-listeners.mjs). */
function openWorker(options, onArrival) {
  const worker = new Worker(new URL('./fan-out-listeners.mjs', import.meta.url), {
    workerData: { fanOutListeners: options },
  });
  return new Promise((resolvePromise, reject) => {
    worker.on('error', reject);
    worker.on('message', (message) => {
      if (message.ready) resolvePromise({ close: () => worker.postMessage('close') });
      for (const at of message.arrivals ?? []) onArrival(at);
    });
  });
}

/**
 * A vote toggled by one voter on the benchmark idea: the write every open idea page hears about (the
 * idea's `posts` record and its public copy in `post_live` are both saved). The vote's id is remembered,
 * so each round is exactly one request (resolves once it knows whether the voter has voted).
 * @param {{ voters: { id: string, pb: import('pocketbase').default }[], postWithComments: string }} data
 */
export async function voteToggle(data) {
  const voter = data.voters[0];
  const post = data.postWithComments;
  const [existing] = await voter.pb.collection('votes').getFullList({ filter: `post = "${post}"` });
  let voteId = existing?.id ?? null;
  return async () => {
    if (voteId) {
      await voter.pb.collection('votes').delete(voteId);
      voteId = null;
    } else {
      voteId = (await voter.pb.collection('votes').create({ post, user: voter.id })).id;
    }
  };
}

/** The fan-out rows: the topic an idea page now listens to (its public copy) and, for comparison, the old one. */
export function fanOutTopics(postId) {
  return { idea: `post_live/${postId}`, everyIdea: 'post_live/*', old: `posts/${postId}` };
}
