// `npm run bench -- fan-out`: only the live fan-out figures, on a bare PocketBase (no site, no seed), in a
// minute or two instead of the whole bench. Prints the rows `npm run bench` prints, plus the topic form
// lists use (post_live/*) and the same 10,000 read by two client threads, which tells PocketBase's
// cost from the benchmark client's. Never fails on time. Arguments pick rows by their label
// (`npm run bench -- fan-out 10000`); GOGC, GOMEMLIMIT and GOMAXPROCS in the environment reach PocketBase.
// `npm run bench -- fan-out edge` measures the edge instead (the Worker's sockets and Durable Objects, on a
// whole local stack), with PocketBase-only rows beside it for comparison.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareBenchData } from '../lib/bench/data.mjs';
import { voteToggle } from '../lib/bench/fan-out.mjs';
import { fanOutRows, printFanOut } from '../lib/bench/fan-out-rows.mjs';
import { commandLine } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { goRuntimeEnv, startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';
import { createBoardAndMember } from '../lib/seed/board-and-member.mjs';

const { positionals } = commandLine({
  command: 'bench fan-out',
  file: import.meta.url,
  synopsis: '[edge] [row label …]',
  positionals: true,
});
if (positionals[0] === 'edge') {
  await import('../lib/bench/edge-fan-out.mjs');
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-fan-out-'));
const superuser = { email: 'operator@chorus.test', password: randomBytes(12).toString('hex') };
const proxySecret = randomBytes(24).toString('hex');
const password = randomBytes(12).toString('hex');
// startPocketBase gives PocketBase the environment and Go's settings (goRuntimeEnv): printed, not passed again.
const goEnv = { ...goRuntimeEnv(), ...(process.env.GOMAXPROCS ? { GOMAXPROCS: process.env.GOMAXPROCS } : {}) };
const server = await startPocketBase({ dataDir, port: await freePort(), superuser, proxySecret });
try {
  const admin = await connectAsSuperuser(server.url, superuser);
  // What the demo seed would give the bench data: a public board and a member.
  await createBoardAndMember(admin, { email: 'author@chorus.test', password, name: 'Author' });
  const data = await prepareBenchData(admin, server.url, password);
  const picked = positionals;
  const rows = fanOutRows(data.postWithComments, { extra: true }).filter(
    (row) => picked.length === 0 || picked.some((word) => row.label.includes(word)),
  );
  console.log(`SSE fan-out of a vote (loopback, this machine; 10 votes a row) ${JSON.stringify(goEnv)}\n`);
  await printFanOut(server.url, rows, {
    write: await voteToggle(data),
    proxySecret,
    pocketbasePid: server.process.pid,
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
