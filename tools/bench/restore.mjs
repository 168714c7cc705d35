// `npm run bench -- restore`: the backup figures. The restore drill (PocketBase and Litestream killed together
// mid-stream of acknowledged writes, then `npm run restore`): how many acknowledged writes are missing and how
// old they were. Then a 1 GB database: Litestream's first full copy, and `npm run restore` of it (the restore
// itself, then the checks). Never fails on time.
import '../lib/require-node.mjs';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRestoreCommand, runRestoreDrill } from '../lib/backups/drill.mjs';
import { litestreamConfig } from '../lib/backups/litestream-config.mjs';
import { replicaLayout } from '../lib/backups/replica-layout.mjs';
import { growDatabase } from '../lib/bench/large-database.mjs';
import { commandLine } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { ensureLitestream } from '../lib/litestream-binary.mjs';
import { startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';
import { createBoardAndMember } from '../lib/seed/board-and-member.mjs';

commandLine({ command: 'bench restore', file: import.meta.url });

const DRILL_SECONDS = Number(process.env.BENCH_DRILL_SECONDS ?? 10);
const LARGE_BYTES = Number(process.env.BENCH_RESTORE_BYTES ?? 1024 ** 3);
const SUPERUSER = { email: 'bench@chorus.test', password: 'bench-password-123456' };
const workDir = mkdtempSync(join(tmpdir(), 'chorus-bench-restore-'));

try {
  console.log('Backups and restore (Litestream, local file replica; this machine)\n');
  const drill = await runRestoreDrill({ workDir: join(workDir, 'drill'), writeSeconds: DRILL_SECONDS });
  const ages = drill.missing.map(({ ageMs }) => ageMs);
  console.log(
    `kill -9 drill (${DRILL_SECONDS} s of writes): ${drill.acknowledged} acknowledged, ${drill.refused} refused; ` +
      `${drill.missing.length} missing after the restore` +
      (ages.length ? `, acknowledged ${Math.min(...ages)}–${Math.max(...ages)} ms before the kill` : '') +
      ` (restore exit ${drill.restore.code}, ${drill.restore.seconds.toFixed(1)} s with its checks)`,
  );

  const large = join(workDir, 'large');
  const dataDir = join(large, 'pb_data');
  const pocketbase = await startPocketBase({ dataDir, port: await freePort(), superuser: SUPERUSER });
  const admin = await connectAsSuperuser(pocketbase.url, SUPERUSER);
  const { board, member: author } = await createBoardAndMember(admin, {
    board: 'Bench',
    email: 'bench-member@chorus.test',
    password: SUPERUSER.password,
    name: 'Bench member',
  });
  await pocketbase.stop();
  let started = performance.now();
  const grown = growDatabase(join(dataDir, 'data.db'), LARGE_BYTES, { boardId: board.id, authorId: author.id });
  const gigabytes = (grown.bytes / 1024 ** 3).toFixed(2);
  console.log(
    `\n${gigabytes} GB database (${grown.ideas.toLocaleString('en')} ideas, 3 comments each), written in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const layout = replicaLayout(join(large, 'replica'));
  mkdirSync(layout.database, { recursive: true });
  writeFileSync(layout.config, litestreamConfig({ dataDir, replicaDatabaseDir: layout.database }));
  started = performance.now();
  execFileSync(await ensureLitestream(), ['replicate', '-once', '-config', layout.config], { stdio: 'inherit' });
  console.log(`Litestream's first full copy to the replica: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const restore = await runRestoreCommand(['--from', layout.dir, '--to', join(large, 'restored')]);
  const restoredIn = restore.output.match(/MB in ([\d.]+) s/)?.[1] ?? '?';
  const checkedIn = restore.output.match(/checked in +([\d.]+) s/)?.[1] ?? '?';
  console.log(
    `npm run restore of it: ${restoredIn} s to restore, then ${checkedIn} s to check it (integrity_check, counts, ` +
      `PocketBase starting on it); ${restore.seconds.toFixed(1)} s in all (exit ${restore.code})`,
  );
  if (restore.code !== 0) console.log(restore.output);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
