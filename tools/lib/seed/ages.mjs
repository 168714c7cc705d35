// Spreads the demo's ideas over the past weeks (oldest first) and their comments over the days after,
// through the superuser-only import route, so ages, "new" and "trending" look like a real board.
const HOUR = 3600_000;

export async function backdateIdeas(pb, posts) {
  const now = Date.now();
  const items = [];
  for (const [index, post] of posts.entries()) {
    const created = now - (posts.length - index) * 31 * HOUR - (index % 5) * 3 * HOUR;
    items.push({ collection: 'posts', id: post.id, created: new Date(created).toISOString() });
    const comments = await pb.collection('comments').getFullList({ filter: `post = "${post.id}"`, sort: 'created' });
    comments.forEach((comment, k) => {
      const at = Math.min(now - HOUR, created + (k + 1) * 5 * HOUR);
      items.push({ collection: 'comments', id: comment.id, created: new Date(at).toISOString() });
    });
  }
  await pb.send('/api/chorus/import/dates', { method: 'POST', body: { items } });
}
