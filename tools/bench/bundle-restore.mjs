// `npm run bench -- bundle-restore`: how long chorus-server takes to come up on an empty data folder, then on an
// empty data folder beside a replica of a 1 GB database (BENCH_RESTORE_BYTES), which it restores first. The bundle
// is built and unpacked into a temp folder; the large database is written straight into data.db
// (tools/lib/bench/large-database.mjs) and copied to the replica by Litestream. Never fails on time.
import '../lib/require-node.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { growDatabase } from '../lib/bench/large-database.mjs';
import { commandLine } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { stopProcess } from '../lib/pocketbase-server.mjs';
import { createBoardAndMember } from '../lib/seed/board-and-member.mjs';
import { buildServerBundle } from '../lib/server-bundle/bundle.mjs';
import { startChorusServer, unpackBundle } from '../lib/server-bundle/run.mjs';

commandLine({ command: 'bench bundle-restore', file: import.meta.url });
const BYTES = Number(process.env.BENCH_RESTORE_BYTES ?? 1024 ** 3);
const SUPERUSER = { email: 'bench@chorus.test', password: 'bench-password-123456' };
const workDir = mkdtempSync(join(tmpdir(), 'chorus-bench-bundle-'));

/** chorus-server on `data` beside `replica`, up. */
const start = (bundle, data, replica) =>
  startChorusServer(bundle, { env: { CHORUS_DATA: data, CHORUS_REPLICA_DIR: replica }, timeoutMs: 600_000 });

try {
  console.log('chorus-server start times (this machine)\n');
  const { tarball } = await buildServerBundle({ outDir: join(workDir, 'out'), log: () => {} });
  const bundle = unpackBundle(tarball, workDir);
  const source = join(workDir, 'source');
  const replica = join(workDir, 'replica');

  const first = await start(bundle, source, replica);
  console.log(`empty data folder, no replica: up in ${first.seconds.toFixed(2)} s (migrations applied)`);
  execFileSync(
    join(bundle, 'chorus-server'),
    ['pocketbase', 'superuser', 'upsert', SUPERUSER.email, SUPERUSER.password],
    {
      env: { PATH: process.env.PATH, CHORUS_DATA: source },
    },
  );
  const admin = await connectAsSuperuser(first.url, SUPERUSER);
  const { board, member } = await createBoardAndMember(admin, {
    email: 'bench-member@chorus.test',
    password: SUPERUSER.password,
    name: 'Bench member',
  });
  await stopProcess(first.process);
  const grown = growDatabase(join(source, 'data.db'), BYTES, { boardId: board.id, authorId: member.id });
  const gigabytes = (grown.bytes / 1024 ** 3).toFixed(2);
  let started = performance.now();
  execFileSync(join(bundle, 'bin', 'litestream'), [
    'replicate',
    '-once',
    '-config',
    join(source, '.chorus-litestream.yml'),
  ]);
  console.log(
    `${gigabytes} GB database copied to the replica by Litestream in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  started = performance.now();
  const restored = await start(bundle, join(workDir, 'empty'), replica);
  const said = /Restored .* in ([\d.]+) s/.exec(restored.output())?.[1] ?? '?';
  const size = statSync(join(workDir, 'empty', 'data.db')).size / 1024 ** 3;
  console.log(
    `empty data folder beside that replica: restored (${size.toFixed(2)} GB) in ${said} s, up in ${restored.seconds.toFixed(1)} s`,
  );
  await stopProcess(restored.process);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
