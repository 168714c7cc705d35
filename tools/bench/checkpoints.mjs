// `npm run bench -- checkpoints`: backups never refuse a write. Four writers create ideas until PocketBase has
// written --megabytes (1,024: a 1 GB WAL's worth) while Litestream replicates with its default checkpoints; prints
// the writes acknowledged and refused, the checkpoints that ran, the WAL's peak size, and whether the restored
// replica holds every acknowledged idea. `--before <binary>` runs the same stream first on another PocketBase
// (the stock build, whose transactions begin DEFERRED) with --before-megabytes (40: its refusals wait ten seconds
// each). Never fails on time.
import '../lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCheckpointStream } from '../lib/backups/checkpoint-stream.mjs';
import { commandLine } from '../lib/cli.mjs';

const { values } = commandLine({
  command: 'bench checkpoints',
  file: import.meta.url,
  synopsis: '[--megabytes <n>] [--before <pocketbase binary>] [--before-megabytes <n>]',
  options: {
    megabytes: { type: 'string', default: '1024' },
    before: { type: 'string' },
    'before-megabytes': { type: 'string', default: '40' },
  },
});
const workDir = mkdtempSync(join(tmpdir(), 'chorus-bench-checkpoints-'));

function report(label, stream) {
  const { PASSIVE, TRUNCATE } = stream.checkpoints;
  console.log(
    `${label}: ${stream.writtenMegabytes.toFixed(0)} MB written in ${stream.seconds.toFixed(1)} s; ` +
      `${stream.acknowledged} ideas acknowledged, ${stream.refused} refused` +
      (stream.firstRefusal ? ` (first: ${stream.firstRefusal})` : '') +
      `; checkpoints: ${PASSIVE} PASSIVE, ${TRUNCATE} TRUNCATE; WAL peak ${stream.walPeakMegabytes.toFixed(1)} MB; ` +
      `${stream.missingFromReplica} acknowledged ideas missing from the restored replica`,
  );
}

try {
  console.log("Writes across Litestream's checkpoints (4 writers, ideas of 9,000 characters; this machine)\n");
  if (values.before) {
    const before = await runCheckpointStream({
      workDir: join(workDir, 'before'),
      megabytes: Number(values['before-megabytes']),
      bin: values.before,
    });
    report(`before (${values.before})`, before);
  }
  const after = await runCheckpointStream({ workDir: join(workDir, 'after'), megabytes: Number(values.megabytes) });
  report("Chorus's PocketBase (IMMEDIATE)", after);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
