// `npm run bench -- planner-stats [--members N]`: a member's list of ideas after a crowd signs up, while SQLite still plans with a fresh install's statistics and after PocketBase's planner-statistics job (server/cmd/pocketbase/planner_stats.go): PocketBase's CPU and the time a request.
// The crowd's accounts are written straight into the database (tools/lib/bench/crowd.mjs addCrowd: as many sign-ups
// would leave them, without the password hashing that makes signing 20,000 people up through the API take most of an
// hour); the list is the home page's, asked by a bench member with their own token, one request at a time.
import '../lib/require-node.mjs';
import { PLANNER_STATS_JOB } from '../../src/contract/hand-offs.ts';
import { withBenchStack } from '../lib/bench/bench-stack.mjs';
import { processCpuMs } from '../lib/bench/cpu-cost.mjs';
import { addCrowd } from '../lib/bench/crowd.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { refreshPlannerStats, rowsOnRecord } from '../lib/planner-stats.mjs';

const { values } = commandLine({
  command: 'bench planner-stats',
  file: import.meta.url,
  synopsis: '[--members N]',
  options: { members: { type: 'string' } },
});
const crowd = values.members === undefined ? 20_000 : positiveNumber(values.members, '--members');
const HOME_LIST =
  '/api/collections/posts/records?page=1&perPage=20&filter=merged_into%20%3D%20%22%22' +
  '&sort=-pinned,-trending_score,-created&skipTotal=true';
const REQUESTS = 100;

const unlimited = { unlimited: true };
await withBenchStack(
  'planner',
  async ({ stack, admin, data, dataDir }) => {
    const token = data.voters[0].pb.authStore.token;
    const pid = stack.pocketbase().process.pid;
    /** What SQLite believes `users` holds (its statistics' row count; 0 before any). */
    const usersOnRecord = () => rowsOnRecord(dataDir, 'users');
    const ask = async () => {
      const answer = await fetch(stack.pbUrl + HOME_LIST, { headers: { authorization: token } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`The list answered ${answer.status}`);
    };
    const measure = async (label) => {
      for (let i = 0; i < 10; i++) await ask();
      const cpu = processCpuMs(pid);
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) await ask();
      const perCpu = (processCpuMs(pid) - cpu) / REQUESTS;
      const perWall = (performance.now() - started) / REQUESTS;
      console.log(
        `${label.padEnd(44)} ${perCpu.toFixed(1).padStart(6)} ms CPU   ${perWall.toFixed(1).padStart(6)} ms a request` +
          `   (users on record: ${usersOnRecord()})`,
      );
    };

    console.log(`A member's list of ideas (the home page's), ${REQUESTS} requests one at a time, PocketBase's CPU:\n`);
    await measure('before the crowd');
    addCrowd(dataDir, data.postWithComments, { members: crowd });
    await measure(`${crowd} members later, statistics as they were`);
    await refreshPlannerStats(admin, dataDir, 'users', crowd);
    await measure(`after the ${PLANNER_STATS_JOB} job ran`);
  },
  unlimited,
);
