// `npm run bench -- writes --minutes 2`: the write trace alone (tools/lib/bench/write-trace.mjs), 10 minutes by
// default, against a fresh local Chorus behind the local edge with Cloudflare's purge limits. Never fails on time.
import '../lib/require-node.mjs';
import { withBenchStack } from '../lib/bench/bench-stack.mjs';
import { formatWriteTrace, runWriteTrace } from '../lib/bench/write-trace.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';

const { values } = commandLine({
  command: 'bench writes',
  file: import.meta.url,
  synopsis: '[--minutes N]',
  options: { minutes: { type: 'string', default: process.env.BENCH_WRITE_MINUTES ?? '10' } },
});
const minutes = positiveNumber(values.minutes, '--minutes');
await withBenchStack('writes', async ({ stack, admin, data }) => {
  const result = await runWriteTrace({
    admin,
    siteUrl: stack.siteUrl,
    statsUrl: stack.edgeStatsUrl,
    voters: data.voters,
    minutes,
    log: (line) => console.log(line),
  });
  console.log(formatWriteTrace(result, minutes));
});
