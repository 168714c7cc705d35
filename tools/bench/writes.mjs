// `npm run bench -- writes --minutes 2`: the write trace alone (tools/lib/bench/write-trace.mjs), 10 minutes by
// default, against a fresh local Chorus behind the local edge with Cloudflare's purge limits. Never fails on time.
import '../lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareBenchData } from '../lib/bench/data.mjs';
import { formatWriteTrace, runWriteTrace } from '../lib/bench/write-trace.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { freePorts } from '../lib/ports.mjs';
import { startStack } from '../lib/stack.mjs';

const { values } = commandLine({
  command: 'bench writes',
  file: import.meta.url,
  synopsis: '[--minutes N]',
  options: { minutes: { type: 'string', default: process.env.BENCH_WRITE_MINUTES ?? '10' } },
});
const minutes = positiveNumber(values.minutes, '--minutes');
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-writes-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
try {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  const data = await prepareBenchData(admin, stack.pbUrl, stack.demoPassword);
  const result = await runWriteTrace({
    admin,
    siteUrl: stack.siteUrl,
    statsUrl: stack.edgeStatsUrl,
    voters: data.voters,
    minutes,
    log: (line) => console.log(line),
  });
  console.log(formatWriteTrace(result, minutes));
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
