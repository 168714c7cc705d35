// `npm run bench -- alerts`: what alert rules cost a vote (issue #24: "cost per vote must stay small"). Times
// the same votes (20 members × 10 ideas, one after another, over HTTP on loopback) against three fresh
// PocketBases: without the alerts hook (before), with it and no rules, and with 20 rules that apply to every
// idea and never fire (the worst case for the check: each vote measures votes, votes in a day and revenue
// for 5 segments and none). Prints p50 and p95 of the vote request time. Never fails on time.
import '../lib/require-node.mjs';
import { signedInMembers, startBenchPocketBase } from '../lib/bench/bench-pocketbase.mjs';
import { commandLine } from '../lib/cli.mjs';
import { summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench alerts', file: import.meta.url });

const MEMBERS = 20;
const IDEAS = 10;
const RULES = 20;

async function measure(label, { withoutAlerts = false, rules = 0 }) {
  const { admin, board, url, secret, stop } = await startBenchPocketBase({
    without: withoutAlerts ? ['alerts.pb.js'] : [],
  });
  try {
    const members = await signedInMembers({ admin, url, secret }, MEMBERS);
    const ideas = [];
    for (let i = 0; i < IDEAS; i += 1) {
      ideas.push(
        await admin
          .collection('posts')
          .create({ board: board.id, author: members[0].id, title: `Idea ${i}`, body: 'x', approved: true }),
      );
    }
    // Five segments of the same ten members (segments keep their members from the members' attributes).
    for (const member of members.slice(0, 10)) {
      await admin.collection('member_profiles').create({ user: member.id, attributes: { tier: 'bench' } });
    }
    const segments = [];
    for (let i = 0; i < 5; i += 1) {
      const segment = await admin.collection('segments').create({
        name: `S${i}`,
        conditions: { match: 'all', rules: [{ field: 'attribute:tier', op: 'eq', value: 'bench' }] },
      });
      segments.push(segment.id);
    }
    const metrics = ['votes', 'votes_in_day', 'revenue'];
    for (let i = 0; i < rules; i += 1) {
      await admin.collection('alert_rules').create({
        name: `Rule ${i}`,
        metric: metrics[i % 3],
        threshold: 1e9,
        ...(i % 2 ? { board: board.id } : {}),
        ...(i % 4 < 2 ? { segment: segments[i % 5] } : {}),
      });
    }
    const times = [];
    for (const idea of ideas) {
      for (const member of members) {
        const start = performance.now();
        await member.pb.collection('votes').create({ post: idea.id, user: member.id });
        times.push(performance.now() - start);
      }
    }
    console.log(summarize(label, times.slice(10)));
  } finally {
    await stop();
  }
}

console.log(`A vote's request time (${MEMBERS * IDEAS} votes, sequential, loopback; the first 10 are warm-up)\n`);
await measure('before: no alerts hook', { withoutAlerts: true });
await measure('alerts hook, no rules', { rules: 0 });
await measure(`alerts hook, ${RULES} rules (never firing)`, { rules: RULES });
