// The fan-out rows `npm run bench` and `npm run bench -- fan-out` print: a vote on an idea reaching the
// subscribers of the topic an idea page listens to (its public copy, post_live/<id>) at 100, 1,000 and
// 10,000, and the old `posts/<id>` topic (a rule query per subscriber) at 1,000 for comparison.
import { loadavg } from 'node:os';
import { percentile, summarize } from '../stats.mjs';
import { measureFanOut } from './fan-out.mjs';

/** @typedef {{ label: string, topic: string, subscribers: number, threads?: number }} FanOutRow */

/** @returns {FanOutRow[]} */
export function fanOutRows(postId, { extra = false } = {}) {
  const idea = `post_live/${postId}`;
  const rows = [
    { label: 'posts/<id> (before), 1000 subscr.', topic: `posts/${postId}`, subscribers: 1000 },
    { label: 'post_live/<id>, 100 subscr.', topic: idea, subscribers: 100 },
    { label: 'post_live/<id>, 1000 subscr.', topic: idea, subscribers: 1000 },
    { label: 'post_live/<id>, 10000 subscr.', topic: idea, subscribers: 10_000 },
  ];
  if (!extra) return rows;
  return [
    ...rows,
    { label: 'posts/<id> (before), 10000 subscr.', topic: `posts/${postId}`, subscribers: 10_000 },
    { label: 'post_live/* (lists), 10000 subscr.', topic: 'post_live/*', subscribers: 10_000 },
    { label: 'post_live/<id>, 10000, client in 2 threads', topic: idea, subscribers: 10_000, threads: 2 },
  ];
}

const load = () => `load ${loadavg()[0].toFixed(1)}`;
const mb = (v) => (Number.isNaN(v) ? '–' : `${v.toFixed(0)} MB`);
const ms = (v) => (Number.isNaN(v) ? '–' : `${v.toFixed(0)} ms`);

/** Measures each row (10 votes each) and prints it with the machine's load and the CPU per vote. */
export async function printFanOut(pbUrl, rows, { write, proxySecret, pocketbasePid, rounds = 10 }) {
  for (const row of rows) {
    const before = load();
    const { latencies, writes, cpu, pocketbaseRssMb } = await measureFanOut(pbUrl, {
      ...row,
      rounds,
      write,
      proxySecret,
      pocketbasePid,
    });
    console.log(
      `${summarize(`SSE fan-out, ${row.label}`, latencies)}   vote request p50 ${ms(percentile(writes, 50))}; ` +
        `CPU/vote PocketBase ${ms(cpu.pocketbaseMs)}, ` +
        `client ${ms(cpu.clientMs)}; PocketBase ${mb(pocketbaseRssMb)}   (${before} → ${load()})`,
    );
  }
}
