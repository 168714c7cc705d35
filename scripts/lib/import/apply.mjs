// Applies an import plan: people (matched by email or created), tags, the board, then each idea with
// its images, comments and votes, and its original dates. Each thing that fails is reported with the
// reason and the import goes on. Calls onProgress({ done, total }) after each idea.
import { randomBytes } from 'node:crypto';
import { downloadImages } from './files.mjs';
import { recordIdOf } from './ids.mjs';
import { clip, createOnce, createStore, findUserByEmail, loadMappings } from './writer.mjs';

const reasonOf = (error) => {
  const fields = error?.response?.data;
  const detail =
    fields && Object.keys(fields).length
      ? ` (${Object.entries(fields)
          .map(([k, v]) => `${k}: ${v.message}`)
          .join('; ')})`
      : '';
  return `${error?.message ?? error}${detail}`;
};

async function importUsers(pb, model, store, report) {
  for (const user of model.users.values()) {
    if (store.has('user', user.key)) continue;
    try {
      let record = await findUserByEmail(pb, user.email);
      if (record) report.matched.users += 1;
      else {
        const password = randomBytes(24).toString('base64url');
        const id = recordIdOf(model.source, 'user', user.key);
        const fields = {
          email: user.email,
          name: user.name.slice(0, 60),
          password,
          passwordConfirm: password,
          verified: true,
          role: 'member',
          emailVisibility: false,
        };
        if (await createOnce(pb, 'users', id, fields)) report.created.users += 1;
        record = { id };
      }
      await store.remember('user', user.key, record.id);
    } catch (error) {
      report.problems.push({ where: `user ${user.email}`, why: reasonOf(error) });
    }
  }
}

async function importTags(pb, model, store, report) {
  const existing = await pb.collection('tags').getFullList();
  for (const tag of model.tags.values()) {
    if (store.has('tag', tag.key)) continue;
    const same = existing.find((t) => t.name.toLowerCase() === tag.name.toLowerCase());
    const id = same?.id ?? recordIdOf(model.source, 'tag', tag.key);
    try {
      if (
        !same &&
        (await createOnce(pb, 'tags', id, { name: tag.name.slice(0, 40), color: tag.color, staff_only: tag.staffOnly }))
      )
        report.created.tags += 1;
      await store.remember('tag', tag.key, id);
    } catch (error) {
      report.problems.push({ where: `tag ${tag.name}`, why: reasonOf(error) });
    }
  }
}

async function boardFor(pb, name, cache) {
  const slug =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'feedback';
  if (!cache.has(slug)) {
    const [found] = (await pb.collection('boards').getList(1, 1, { filter: pb.filter('slug = {:slug}', { slug }) }))
      .items;
    cache.set(
      slug,
      found ?? (await pb.collection('boards').create({ name: name.slice(0, 60), slug, visibility: 'public' })),
    );
  }
  return cache.get(slug).id;
}

async function importComments(pb, model, post, postId, store, report) {
  for (const comment of post.comments) {
    const where = `comment ${comment.key} on ${post.key}`;
    if (store.has('comment', comment.key)) continue;
    const author = store.get('user', comment.authorKey);
    if (!author) {
      report.problems.push({ where, why: 'its author could not be imported' });
      continue;
    }
    try {
      const { files, problems } = await downloadImages(comment.images);
      for (const why of problems) report.problems.push({ where, why });
      const id = recordIdOf(model.source, 'comment', comment.key);
      const body = clip(comment.body || '(image)', 5000, where, report.problems, 'comment');
      if (await createOnce(pb, 'comments', id, { post: postId, author, body, images: files })) {
        report.created.comments += 1;
        report.created.images += files.length;
      }
      await store.remember('comment', comment.key, id);
    } catch (error) {
      report.problems.push({ where, why: reasonOf(error) });
    }
  }
}

async function importVotes(pb, post, postId, store, report) {
  for (const voterKey of post.voterKeys) {
    const key = `${post.key}:${voterKey}`;
    if (store.has('vote', key)) continue;
    const user = store.get('user', voterKey);
    if (!user) {
      report.problems.push({ where: `vote on ${post.key}`, why: `voter ${voterKey} could not be imported (no email)` });
      continue;
    }
    try {
      await pb.collection('votes').create({ post: postId, user }, { headers: { 'X-Chorus-Import': '1' } });
      report.created.votes += 1;
    } catch (error) {
      if (error?.status !== 400) throw error; // 400: this person already voted for it
    }
    await store.remember('vote', key, user);
  }
}

// The idea's and its comments' original dates (once per idea, also after an interrupted run).
async function setOriginalDates(pb, model, post, postId) {
  const items = [
    { collection: 'posts', id: postId, created: post.created },
    ...post.comments.map((c) => ({
      collection: 'comments',
      id: recordIdOf(model.source, 'comment', c.key),
      created: c.created,
    })),
  ].filter((item) => item.created && new Date(item.created).getTime() < Date.now());
  if (items.length) await pb.send('/api/chorus/import/dates', { method: 'POST', body: { items } });
}

export async function applyImport(pb, model, { board, onProgress = () => {} }) {
  const store = createStore(pb, model, await loadMappings(pb, model.source));
  const report = {
    created: { users: 0, tags: 0, posts: 0, comments: 0, votes: 0, images: 0 },
    matched: { users: 0 },
    problems: [...model.problems],
  };
  await importUsers(pb, model, store, report);
  await importTags(pb, model, store, report);
  const statuses = Object.fromEntries((await pb.collection('statuses').getFullList()).map((s) => [s.slug, s.id]));
  const boards = new Map();
  // Originals before their duplicates, so a duplicate can name the idea it was merged into.
  const posts = [...model.posts].sort((a, b) => Number(Boolean(a.duplicateOfKey)) - Number(Boolean(b.duplicateOfKey)));
  let done = 0;
  for (const post of posts) {
    const where = `idea ${post.key} (${post.title})`;
    try {
      let postId = store.get('post', post.key);
      if (!postId) {
        const author = store.get('user', post.authorKey);
        if (!author) throw new Error('its author could not be imported (no email)');
        const { files, problems } = await downloadImages(post.images);
        for (const why of problems) report.problems.push({ where, why });
        postId = recordIdOf(model.source, 'post', post.key);
        const fields = {
          board: await boardFor(pb, board || post.board || model.defaultBoard || 'Feedback', boards),
          author,
          title: clip(post.title, 120, where, report.problems, 'title'),
          body: clip(post.body, 10000, where, report.problems, 'body'),
          status: statuses[post.status] ?? statuses.open,
          tags: post.tagKeys
            .map((key) => store.get('tag', key))
            .filter(Boolean)
            .slice(0, 10),
          approved: post.approved,
          response: clip(post.response, 5000, where, report.problems, 'response'),
          merged_into: post.duplicateOfKey ? (store.get('post', post.duplicateOfKey) ?? '') : '',
          images: files,
        };
        if (await createOnce(pb, 'posts', postId, fields)) {
          report.created.posts += 1;
          report.created.images += files.length;
        }
        await store.remember('post', post.key, postId);
      }
      await importComments(pb, model, post, postId, store, report);
      await importVotes(pb, post, postId, store, report);
      if (!store.has('dated', post.key)) {
        await setOriginalDates(pb, model, post, postId);
        await store.remember('dated', post.key, postId);
      }
    } catch (error) {
      report.problems.push({ where, why: reasonOf(error) });
    }
    done += 1;
    onProgress({ done, total: posts.length });
  }
  return report;
}
