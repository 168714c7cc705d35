// Staff lists by what ideas are worth (issue #24), at scale: a board of 10,000 ideas and 200,000 votes (with
// companies and revenue), written straight into data.db with SQLite while PocketBase is stopped (seconds, not
// the hours the API would take), then a staff member's list of 30 sorted by score, by revenue and by votes,
// as the site asks PocketBase for it: p50/p95 response time and PocketBase CPU per list. Also times what an
// admin waits for when the score's weights change (every idea recomputed) and when ETAs are made public.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startPocketBase } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';
import { percentile } from '../stats.mjs';
import { processCpuMs } from './cpu-cost.mjs';
import { visitorHeaders } from './throughput.mjs';

const id = () =>
  randomBytes(12)
    .toString('hex')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 15);
const PASSWORD = 'bench-password-123';
const superuser = { email: 'bench@chorus.test', password: 'bench-password-123' };

async function api(url, path, { token, method = 'GET', body, headers = {} } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Seeds `ideas` ideas on one board with `votes` votes from `voters` members of `companies` companies. */
function seed(dbPath, { boardId, ideas, votes, voters, companies }) {
  const db = new DatabaseSync(dbPath);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF');
  const now = new Date().toISOString().replace('T', ' ');
  const [openStatus] = db.prepare("SELECT id FROM statuses WHERE slug = 'open'").all();
  db.exec('BEGIN');
  const userIds = Array.from({ length: voters }, id);
  const addUser = db.prepare(
    "INSERT INTO users (id, email, tokenKey, password, name, role, verified, created, updated) VALUES (?, ?, ?, '', ?, 'member', 1, ?, ?)",
  );
  for (const [i, user] of userIds.entries())
    addUser.run(user, `voter-${i}@bench.test`, id() + id(), `Voter ${i}`, now, now);
  const companyIds = Array.from({ length: companies }, id);
  const addCompany = db.prepare(
    'INSERT INTO companies (id, external_id, name, plan, monthly_revenue, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (const [i, company] of companyIds.entries()) {
    addCompany.run(company, `co-${i}`, `Company ${i}`, ['Free', 'Pro', 'Enterprise'][i % 3], (i % 50) * 250, now, now);
  }
  const addProfile = db.prepare(
    'INSERT INTO member_profiles (id, user, company, created, updated) VALUES (?, ?, ?, ?, ?)',
  );
  for (const [i, user] of userIds.entries()) addProfile.run(id(), user, companyIds[i % companies], now, now);
  const postIds = Array.from({ length: ideas }, id);
  const addPost = db.prepare(
    'INSERT INTO posts (id, board, author, title, body, status, approved, created, updated) VALUES (?, ?, ?, ?, ?, ?, TRUE, ?, ?)',
  );
  const addInsight = db.prepare(
    "INSERT INTO post_insights (id, post, board, revenue, company_count, plans, reach, impact, confidence, effort, score, eta, alerted, created, updated) VALUES (?, ?, ?, 0, 0, '{}', 0, ?, ?, ?, 0, ?, '{}', ?, ?)",
  );
  for (const [n, post] of postIds.entries()) {
    const created = new Date(Date.now() - n * 60_000).toISOString().replace('T', ' ');
    addPost.run(post, boardId, userIds[n % voters], `Idea ${n}`, 'Please add it.', openStatus.id, created, created);
    const sized = n % 2 === 0;
    const eta = n % 3 === 0 ? `2027-Q${(n % 4) + 1}` : '';
    addInsight.run(
      post,
      post,
      boardId,
      sized ? [0.25, 0.5, 1, 2, 3][n % 5] : 0,
      sized ? [50, 80, 100][n % 3] : 0,
      sized ? (n % 8) + 1 : 0,
      eta,
      created,
      created,
    );
  }
  // Votes: a skewed spread (a few ideas get many), each (idea, voter) pair once.
  const addVote = db.prepare('INSERT INTO votes (id, post, user, created, updated) VALUES (?, ?, ?, ?, ?)');
  const seen = new Set();
  let made = 0;
  for (let k = 0; made < votes; k++) {
    const post = postIds[Math.floor(ideas * Math.random() ** 2)];
    const user = userIds[k % voters];
    if (seen.has(`${post}${user}`)) continue;
    seen.add(`${post}${user}`);
    addVote.run(id(), post, user, now, now);
    made += 1;
  }
  db.exec('UPDATE posts SET vote_count = (SELECT COUNT(*) FROM votes WHERE votes.post = posts.id)');
  db.exec(
    'UPDATE post_insights SET revenue = COALESCE((SELECT SUM(c.monthly_revenue) FROM companies c WHERE c.id IN ' +
      '(SELECT mp.company FROM votes v JOIN member_profiles mp ON mp.user = v.user WHERE v.post = post_insights.id)), 0)',
  );
  db.exec('COMMIT');
  db.close();
  return { postIds };
}

// Each request from its own address, as many staff members behind the site (PocketBase limits per address).
let addresses = 0;
const nextHeaders = (proxySecret) => visitorHeaders(proxySecret, ++addresses);

async function timeLists(url, path, { token, pid, proxySecret, requests }) {
  for (let i = 0; i < 20; i++) await api(url, path, { token, headers: nextHeaders(proxySecret) });
  const times = [];
  const cpuBefore = processCpuMs(pid);
  for (let i = 0; i < requests; i++) {
    const headers = nextHeaders(proxySecret);
    const started = performance.now();
    await api(url, path, { token, headers });
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu: (processCpuMs(pid) - cpuBefore) / requests };
}

/** Runs the whole measurement on its own PocketBase; returns printable lines. */
export async function measureStaffLists({ ideas = 10_000, votes = 200_000, requests = 200 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-staff-'));
  const proxySecret = randomBytes(16).toString('hex');
  const port = await freePort();
  let pb = await startPocketBase({ dataDir, port, superuser, proxySecret });
  const lines = [];
  try {
    const signInOperator = async () =>
      (
        await api(pb.url, '/api/collections/_superusers/auth-with-password', {
          method: 'POST',
          body: { identity: superuser.email, password: superuser.password },
        })
      ).token;
    let admin = await signInOperator();
    const board = await api(pb.url, '/api/collections/boards/records', {
      token: admin,
      method: 'POST',
      body: { name: 'Scale', slug: 'scale', visibility: 'public' },
    });
    await api(pb.url, '/api/collections/users/records', {
      token: admin,
      method: 'POST',
      body: {
        email: 'staff@bench.test',
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        name: 'Staff',
        role: 'admin',
        verified: true,
      },
    });
    await pb.stop();
    const started = Date.now();
    seed(join(dataDir, 'data.db'), { boardId: board.id, ideas, votes, voters: 2000, companies: 200 });
    lines.push(
      `Staff lists at ${ideas.toLocaleString('en')} ideas and ${votes.toLocaleString('en')} votes (seeded with SQLite in ${((Date.now() - started) / 1000).toFixed(1)} s):`,
    );
    pb = await startPocketBase({ dataDir, port, superuser, proxySecret });
    admin = await signInOperator(); // the restart signed the operator in again (a new token key)
    const staff = (
      await api(pb.url, '/api/collections/users/auth-with-password', {
        method: 'POST',
        body: { identity: 'staff@bench.test', password: PASSWORD },
      })
    ).token;
    const [scoring] = (await api(pb.url, '/api/collections/scoring/records', { token: admin })).items;
    const [site] = (await api(pb.url, '/api/collections/site/records', { token: admin })).items;
    // What an admin waits for: every idea's reach and score recomputed (set-based, in the save's transaction).
    for (const [label, body] of [
      ['weights change (reach and score of every idea)', { weights: { segments: {}, revenue: 0.5 } }],
      ['formula change (score of every idea)', { formula: 'value_effort' }],
      ['back to RICE', { formula: 'rice' }],
    ]) {
      const t0 = performance.now();
      await api(pb.url, `/api/collections/scoring/records/${scoring.id}`, { token: staff, method: 'PATCH', body });
      lines.push(`  scoring: ${label.padEnd(50)} ${(performance.now() - t0).toFixed(0)} ms`);
    }
    for (const show of [true, false]) {
      const t0 = performance.now();
      await api(pb.url, `/api/collections/site/records/${site.id}`, {
        token: staff,
        method: 'PATCH',
        body: { show_eta: show },
      });
      const label = `show ETAs ${show ? 'on' : 'off'} (3,334 ideas' public copies)`;
      lines.push(`  site: ${label.padEnd(53)} ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const onBoard = encodeURIComponent(`board = "${board.id}" && post.merged_into = ""`);
    const insightList = (sort) =>
      `/api/collections/post_insights/records?page=1&perPage=30&skipTotal=1&expand=post&fields=id,score,revenue,expand.post&sort=${sort}&filter=${onBoard}`;
    const lists = [
      ['by score', insightList('-score,-created')],
      ['by revenue', insightList('-revenue,-created')],
      [
        'by votes (today)',
        `/api/collections/posts/records?page=1&perPage=30&skipTotal=1&sort=-vote_count,-created&filter=${encodeURIComponent(`board = "${board.id}" && merged_into = ""`)}`,
      ],
    ];
    for (const [label, path] of lists) {
      const r = await timeLists(pb.url, path, { token: staff, pid: pb.process.pid, proxySecret, requests });
      lines.push(
        `  staff list of 30 ${label.padEnd(18)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   PocketBase CPU ${r.cpu.toFixed(2)} ms/list (n=${requests})`,
      );
    }
  } finally {
    await pb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
