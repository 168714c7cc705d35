// Seeds the demo's ideas with votes, comments, replies, tags, statuses and a couple of screenshots.
import { DEMO_IDEAS, DEMO_TAGS } from './ideas-data.mjs';
import { drawScreenshot } from './screenshot.mjs';

export async function seedIdeas(pb, { boards, people }) {
  const statuses = Object.fromEntries((await pb.collection('statuses').getFullList()).map((s) => [s.slug, s]));
  const tags = {};
  for (const tag of DEMO_TAGS) tags[tag.name] = await pb.collection('tags').create(tag);
  const posts = [];
  // Oldest first, so "new" puts the last ones on top.
  for (const [board, author, title, body, status, voters, comments, tagNames = [], shot] of DEMO_IDEAS) {
    const form = new FormData();
    form.set('board', boards[board].id);
    form.set('author', people[author].id);
    form.set('title', title);
    form.set('body', body);
    form.set('status', statuses[status].id);
    form.set('approved', 'true');
    for (const name of tagNames) form.append('tags', tags[name].id);
    if (shot) {
      const png = drawScreenshot(shot === 'dark' ? [40, 42, 54] : [91, 75, 219], { dark: shot === 'dark' });
      form.append('images', new File([png], `screenshot-${posts.length + 1}.png`, { type: 'image/png' }));
    }
    const post = await pb.collection('posts').create(form);
    posts.push(post);
    await Promise.all(voters.map((key) => pb.collection('votes').create({ post: post.id, user: people[key].id })));
    for (const [by, text, replies = []] of comments) {
      const comment = await pb.collection('comments').create({ post: post.id, author: people[by].id, body: text });
      for (const [replyBy, replyText] of replies) {
        await pb.collection('comments').create({
          post: post.id,
          author: people[replyBy].id,
          body: replyText,
          parent: comment.id,
        });
      }
    }
  }
  return posts;
}
