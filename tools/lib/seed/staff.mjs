// Seeds what staff made of the demo: a status history for every roadmap idea (written by the moderator,
// so the hooks record status_events and notify voters and followers), official responses, a published
// release or two linked to the ideas they shipped (one marks its ideas Done), a draft, and so
// notifications for the demo member. Works with or without the ideas seed.
const RELEASES = [
  {
    title: 'Lumen 2.4: offline editing and faster search',
    slug: 'lumen-2-4',
    labels: ['new', 'improved'],
    body: 'Lumen now keeps working **without a connection** and syncs when you are back.\n\n- Search results appear as you type\n- Startup is twice as fast on large vaults',
    ideas: 1,
    markDone: true,
  },
  {
    title: 'Lumen 2.3: sync fixes',
    slug: 'lumen-2-3',
    labels: ['fixed'],
    body: 'We fixed the sync conflicts some of you saw when editing the same note on two devices.',
    ideas: 1,
    markDone: false,
  },
];

async function signInAs(pb, email, password) {
  const client = new pb.constructor(pb.baseURL);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(email, password);
  return client;
}

async function ensurePosts(pb, { boards, people, statuses }) {
  const existing = await pb.collection('posts').getFullList({ sort: '-vote_count' });
  if (existing.length >= 6) return existing;
  // The ideas seed is absent: make a small set of ideas to triage.
  const titles = [
    'Offline mode',
    'Faster search',
    'Sync conflicts on two devices',
    'Calendar view',
    'Export to PDF',
    'Widgets',
  ];
  const made = [];
  for (const title of titles) {
    const post = await pb.collection('posts').create({
      board: boards.features.id,
      author: people.member.id,
      title,
      body: `${title}, please.`,
      status: statuses.open.id,
      approved: true,
    });
    await pb.collection('votes').create({ post: post.id, user: people.member.id });
    made.push(post);
  }
  return made;
}

export async function seedStaff(pb, { boards, people, password }) {
  const statuses = Object.fromEntries((await pb.collection('statuses').getFullList()).map((s) => [s.slug, s]));
  const tagCount = (await pb.collection('tags').getList(1, 1)).totalItems;
  if (tagCount === 0) {
    for (const tag of [
      { name: 'Editor', color: '#5b4bdb' },
      { name: 'Needs triage', color: '#6b7280', staff_only: true },
    ]) {
      await pb.collection('tags').create(tag);
    }
  }
  const posts = await ensurePosts(pb, { boards, people, statuses });
  const moderator = await signInAs(pb, people.moderator.email, password);
  const bySlug = (slug) => posts.filter((p) => p.status === statuses[slug].id);

  // Every roadmap column gets cards, and each roadmap idea a short history.
  const open = posts.filter((p) => [statuses.open.id, statuses['under-review'].id].includes(p.status));
  const plan = { planned: bySlug('planned'), 'in-progress': bySlug('in-progress'), done: bySlug('done') };
  for (const slug of Object.keys(plan)) if (plan[slug].length === 0 && open.length) plan[slug].push(open.shift());
  for (const [slug, list] of Object.entries(plan)) {
    for (const post of list) {
      // Start the story at Open (that first hop is bookkeeping, so its event is removed again).
      await moderator.collection('posts').update(post.id, { status: statuses.open.id });
      const [reset] = await pb.collection('status_events').getFullList({ filter: `post = "${post.id}"` });
      if (reset) await pb.collection('status_events').delete(reset.id);
      await moderator.collection('posts').update(post.id, { status: statuses['under-review'].id });
      await moderator.collection('posts').update(post.id, {
        status: statuses[slug].id,
        response: slug === 'planned' ? 'Thanks for all the votes: this is planned for the next quarter.' : '',
      });
    }
  }

  // Releases ship ideas that are in progress (and mark them Done), plus a draft for staff.
  const shippable = [...plan['in-progress'], ...plan.planned];
  for (const release of RELEASES) {
    const linked = shippable.splice(0, release.ideas).map((p) => p.id);
    await moderator.collection('changelog_entries').create({
      title: release.title,
      slug: release.slug,
      body: release.body,
      labels: release.labels,
      posts: linked,
      mark_done: release.markDone,
      state: 'published',
    });
  }
  await moderator.collection('changelog_entries').create({
    title: 'Lumen 2.5 (draft): templates',
    slug: 'lumen-2-5',
    body: 'Save any note as a template.',
    labels: ['new'],
    state: 'draft',
  });
}
