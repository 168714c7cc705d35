// `npm run bench -- inbox`: what the staff feedback inbox's reads cost PocketBase: the list of waiting items (the
// page's first load and every refresh of an open inbox) and one item (what an open inbox reads per arrival), at
// --items waiting items beside as many linked ones that were answered (ten customers of one company), in PocketBase's CPU per read and bytes; with
// --base, side by side with another revision's hooks, in alternating rounds so both meet the same machine load.
import '../lib/require-node.mjs';
import { rmSync } from 'node:fs';
import { createIdeas, createMember, startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { processCpuMs } from '../lib/bench/cpu-cost.mjs';
import { revisionTree } from '../lib/bench/revision-tree.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';

const { values } = commandLine({
  command: 'bench inbox',
  file: import.meta.url,
  synopsis: '[--base REV] [--items N] [--reads N] [--rounds N]',
  options: {
    base: { type: 'string', default: '' },
    items: { type: 'string', default: '100' },
    reads: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '3' },
  },
});
const ITEMS = positiveNumber(values.items, 'items');
const READS = positiveNumber(values.reads, 'reads');
const ROUNDS = positiveNumber(values.rounds, 'rounds');

/** Ten customers of one company, whose words the items are (a page's items name a few people many times). */
async function seedCustomers(admin) {
  const company = await admin
    .collection('companies')
    .create({ external_id: 'globex', name: 'Globex', plan: 'Enterprise', monthly_revenue: 4200 });
  const customers = [];
  for (let i = 0; i < 10; i += 1) {
    const customer = await createMember(admin, `customer${i}`);
    await admin.collection('member_profiles').create({ user: customer.id, company: company.id });
    customers.push(customer);
  }
  return customers;
}

/** `count` items from forwarded mail, waiting (`new`) or linked to `idea` with an answer sent for `status`. */
async function seedItems(admin, idea, status, count) {
  const customers = await seedCustomers(admin);
  for (let i = 0; i < count; i += 1) {
    const common = {
      member: customers[i % customers.length].id,
      source: 'mail',
      external_id: `<bench-${i}@example.com>`,
      author_email: `customer${i}@example.com`,
      author_name: `Customer ${i}`,
      title: `A wish from customer ${i}`,
      quote: `We would like the export to include the comments too, please (${i}).`,
    };
    await admin.collection('feedback_items').create({ ...common, dedupe_key: `new-${i}`, status: 'new' });
    const linked = await admin
      .collection('feedback_items')
      .create({ ...common, dedupe_key: `linked-${i}`, status: 'linked', idea: idea.id });
    await admin.collection('feedback_answers').create({
      item: linked.id,
      post: idea.id,
      status: status.id,
      channel: 'mail',
      state: 'sent',
      attempts: 1,
      next_attempt_at: new Date().toISOString().replace('T', ' '),
    });
  }
}

/** PocketBase CPU per read and the answer's bytes, over READS reads one after another. */
async function perRead(pid, read) {
  let bytes = 0;
  const before = processCpuMs(pid);
  for (let i = 0; i < READS; i += 1) bytes = JSON.stringify(await read()).length;
  return { cpu: (processCpuMs(pid) - before) / READS, bytes };
}

async function round(tree) {
  const bench = await startBenchPocketBase(tree ? { tree } : {});
  try {
    const [idea] = await createIdeas(bench, 1, 'Export everything');
    const status = await bench.admin.collection('statuses').getFirstListItem('on_roadmap = true');
    await seedItems(bench.admin, idea, status, ITEMS);
    const lead = await createMember(bench.admin, 'lead');
    await bench.admin.collection('users').update(lead.id, { role: 'admin' });
    const staff = visitorClient(bench.url, bench.secret);
    await staff.collection('users').authWithPassword(lead.email, 'bench-password-123');
    const one = await bench.admin.collection('feedback_items').getFirstListItem('status = "new"');
    const asPage = { query: { told: '1' } };
    return {
      page: await perRead(bench.pid, () => staff.send('/api/chorus/feedback', asPage)),
      refresh: await perRead(bench.pid, () => staff.send('/api/chorus/feedback', {})),
      item: await perRead(bench.pid, () => staff.send(`/api/chorus/feedback/${one.id}`, {})),
    };
  } finally {
    await bench.stop();
  }
}

const sides = [{ label: 'this checkout', tree: undefined }];
if (values.base) sides.unshift({ label: `base ${values.base}`, tree: revisionTree(values.base) });
const results = new Map(sides.map((side) => [side.label, []]));
for (let r = 0; r < ROUNDS; r += 1) {
  for (const side of sides) results.get(side.label).push(await round(side.tree));
}
for (const side of sides) if (side.tree) rmSync(side.tree, { recursive: true, force: true });

console.log(
  `${ITEMS} waiting items and ${ITEMS} linked and answered, ${READS} reads each one after another, ${ROUNDS} round(s) per side:\n`,
);
console.log(`${'read'.padEnd(34)}${'side'.padEnd(26)}${'PB CPU ms'.padStart(11)}${'bytes'.padStart(10)}`);
const READ_NAMES = {
  page: 'the page’s list (with told)',
  refresh: 'an open inbox’s list',
  item: 'one item (an arrival)',
};
for (const [kind, name] of Object.entries(READ_NAMES)) {
  for (const side of sides) {
    const rounds = results.get(side.label).map((result) => result[kind]);
    const cpu = rounds.reduce((sum, one) => sum + one.cpu, 0) / rounds.length;
    console.log(
      `${name.padEnd(34)}${side.label.padEnd(26)}${cpu.toFixed(1).padStart(11)}${String(rounds[0].bytes).padStart(10)}`,
    );
  }
}
