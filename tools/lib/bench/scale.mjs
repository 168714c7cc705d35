// A site at scale: adds ideas through the API (hooks and all, as the operator, in batches) until it has
// `count`, so the bench can show that a list view costs the same at 10,000 ideas as at the demo's 30.
const WORDS = 'export dark mode calendar sync offline search tags mobile widget slack email api import roadmap'.split(
  ' ',
);
const BATCH = 100;

export async function growIdeas(admin, count) {
  const boards = await admin.collection('boards').getFullList({ filter: 'archived = false', fields: 'id' });
  const authors = await admin.collection('users').getFullList({ filter: 'role = "member"', fields: 'id' });
  const settings = await admin.settings.getAll();
  // PocketBase's batch API is off unless an operator turns it on: on for the bench's own data folder only.
  await admin.settings.update({ batch: { enabled: true, maxRequests: BATCH, timeout: 30, maxBodySize: 0 } });
  const started = Date.now();
  let next = (await admin.collection('posts').getList(1, 1)).totalItems;
  try {
    while (next < count) {
      const batch = admin.createBatch();
      for (const n of Array.from({ length: Math.min(BATCH, count - next) }, (_, i) => next + i)) {
        const words = [WORDS[n % WORDS.length], WORDS[(n * 7) % WORDS.length], WORDS[(n * 13) % WORDS.length]];
        batch.collection('posts').create({
          board: boards[n % boards.length].id,
          author: authors[n % authors.length].id,
          title: `Idea ${n}: ${words.join(' ')}`,
          body: `Please add ${words.join(', ')}. It would help our team every week.\n\n- one\n- two`,
        });
      }
      next += (await batch.send()).length;
    }
  } finally {
    await admin.settings.update({ batch: settings.batch });
  }
  return { count: next, seconds: (Date.now() - started) / 1000 };
}
