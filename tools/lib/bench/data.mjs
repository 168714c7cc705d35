// Arranges what the benchmarks measure: an idea with 50 comments, and voters signed in through the API.
import PocketBase from 'pocketbase';

const VOTERS = 20;

export async function prepareBenchData(admin, pbUrl, password) {
  const board = await admin.collection('boards').getFirstListItem('visibility = "public"', { sort: 'position' });
  const author = await admin.collection('users').getFirstListItem('role = "member"');
  const post = await admin.collection('posts').create({
    board: board.id,
    author: author.id,
    title: 'Benchmark: an idea with a long discussion',
    body: 'This idea exists to measure how fast a page with **50 comments** renders.',
  });
  for (let i = 0; i < 50; i++) {
    await admin.collection('comments').create({
      post: post.id,
      author: author.id,
      body: `Comment ${i + 1}: I would use this every day, especially with *markdown* and [links](https://example.com).`,
    });
  }
  const voters = [];
  for (let i = 0; i < VOTERS; i++) {
    const email = `bench-voter-${i}@example.com`;
    const user = await admin
      .collection('users')
      .create({ email, password, passwordConfirm: password, name: `Voter ${i}`, verified: true });
    const pb = new PocketBase(pbUrl);
    pb.autoCancellation(false);
    await pb.collection('users').authWithPassword(email, password);
    voters.push({ id: user.id, email, pb });
  }
  return { postWithComments: post.id, boardSlug: board.slug, voters, password };
}

/**
 * The first `count` bench voters (`data` from prepareBenchData) as members viewing pages: each votes on the idea with
 * 50 comments and, with `staff`, is made a moderator; their `cookies` (one `pb_auth=…` each), as a browser sends it.
 */
export async function benchMembers(admin, data, count, { staff = false } = {}) {
  const voters = data.voters.slice(0, count);
  if (voters.length < count) throw new Error(`At most ${data.voters.length} bench members.`);
  for (const voter of voters) {
    await voter.pb.collection('votes').create({ post: data.postWithComments, user: voter.id });
    if (staff) await admin.collection('users').update(voter.id, { role: 'moderator' });
  }
  const cookies = voters.map(
    (voter) => voter.pb.authStore.exportToCookie({ httpOnly: false, secure: false }, 'pb_auth').split(';')[0],
  );
  return { voters, cookies };
}
