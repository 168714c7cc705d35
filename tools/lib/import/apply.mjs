// Carries out an import plan (plan.mjs): people (matched by email or created), tags (reused by name or
// created), boards, then each idea with its images, comments and votes, and its original dates. Each
// thing that fails is reported with the reason and the import goes on. Calls onProgress({ done, total })
// after each idea. Counts what it did in the plan's own terms, so the result reads like the dry run.
import { randomBytes } from 'node:crypto';
import { downloadImages } from './files.mjs';
import { recordIdOf } from './ids.mjs';
import { emptyTally } from './plan.mjs';
import { createOnce, createStore } from './writer.mjs';

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

async function importUsers(pb, model, plan, store, report) {
  for (const [key, decision] of plan.users) {
    if (decision.action === 'imported') continue;
    const user = model.users.get(key);
    try {
      if (decision.action === 'matched') report.tally.matched.users += 1;
      else {
        const password = randomBytes(24).toString('base64url');
        const fields = {
          email: user.email,
          name: user.name.slice(0, 60),
          password,
          passwordConfirm: password,
          verified: true,
          role: 'member',
          emailVisibility: false,
        };
        const created = await createOnce(pb, 'users', decision.id, fields);
        report.tally[created ? 'created' : 'imported'].users += 1;
      }
      await store.remember('user', key, decision.id);
    } catch (error) {
      report.problems.push({ where: `user ${user.email}`, why: reasonOf(error) });
    }
  }
}

async function importTags(pb, plan, store, report) {
  for (const [key, decision] of plan.tags) {
    if (decision.action === 'imported' || decision.action === 'skip') continue;
    try {
      if (decision.action === 'matched') report.tally.matched.tags += 1;
      else {
        const created = await createOnce(pb, 'tags', decision.id, decision.fields);
        report.tally[created ? 'created' : 'imported'].tags += 1;
      }
      await store.remember('tag', key, decision.id);
    } catch (error) {
      report.problems.push({ where: `tag ${decision.fields?.name ?? key}`, why: reasonOf(error) });
    }
  }
}

/** The board the plan chose, created the first time an idea needs it. */
async function boardFor(pb, plan, slug, report) {
  const board = plan.boards.get(slug);
  if (!board.used) {
    if (board.id) report.tally.matched.boards += 1;
    else {
      board.id = (await pb.collection('boards').create({ name: board.name, slug, visibility: 'public' })).id;
      report.tally.created.boards += 1;
    }
    board.used = true;
  }
  return board.id;
}

async function importComments(pb, entry, store, report) {
  for (const comment of entry.comments) {
    const where = `comment ${comment.key} on ${entry.post.key}`;
    const author = store.get('user', comment.authorKey);
    if (!author) {
      report.problems.push({ where, why: 'its author could not be imported' });
      continue;
    }
    try {
      const { files, problems } = await downloadImages(comment.images);
      for (const why of problems) report.problems.push({ where, why });
      const fields = { post: entry.id, author, body: comment.body, images: files };
      if (await createOnce(pb, 'comments', comment.id, fields)) {
        report.tally.created.comments += 1;
        report.tally.created.images += files.length;
      } else report.tally.imported.comments += 1;
      await store.remember('comment', comment.key, comment.id);
    } catch (error) {
      report.problems.push({ where, why: reasonOf(error) });
    }
  }
}

async function importVotes(pb, entry, store, report) {
  for (const vote of entry.votes) {
    const user = store.get('user', vote.voterKey);
    if (!user) {
      report.problems.push({ where: `vote on ${entry.post.key}`, why: `voter ${vote.voterKey} could not be imported` });
      continue;
    }
    if (!vote.duplicate) {
      try {
        await pb.collection('votes').create({ post: entry.id, user }, { headers: { 'X-Chorus-Import': '1' } });
        report.tally.created.votes += 1;
      } catch (error) {
        if (error?.status !== 400) throw error; // 400: an interrupted run made this vote and did not note it
        report.tally.imported.votes += 1;
      }
    }
    await store.remember('vote', vote.key, user);
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

async function createPost(pb, plan, entry, statuses, store, report) {
  const { post, where } = entry;
  const author = store.get('user', post.authorKey);
  if (!author) throw new Error('its author could not be imported');
  const { files, problems } = await downloadImages(entry.images);
  for (const why of problems) report.problems.push({ where, why });
  const fields = {
    board: await boardFor(pb, plan, entry.board, report),
    author,
    title: entry.title,
    body: entry.body,
    status: statuses[post.status] ?? statuses.open,
    tags: post.tagKeys
      .map((key) => store.get('tag', key))
      .filter(Boolean)
      .slice(0, 10),
    approved: post.approved,
    response: entry.response,
    merged_into: post.duplicateOfKey ? (store.get('post', post.duplicateOfKey) ?? '') : '',
    images: files,
  };
  if (await createOnce(pb, 'posts', entry.id, fields)) {
    report.tally.created.posts += 1;
    report.tally.created.images += files.length;
  } else report.tally.imported.posts += 1;
  await store.remember('post', post.key, entry.id);
}

/** @returns {Promise<{ tally: ReturnType<typeof emptyTally>, problems: { where: string, why: string }[] }>} */
export async function applyImport(pb, model, plan, { onProgress = () => {} } = {}) {
  const store = createStore(pb, model, plan.mappings);
  const report = { tally: emptyTally(), problems: [...plan.problems] };
  // What the plan found already imported is skipped as planned.
  Object.assign(report.tally.imported, plan.tally.imported);
  await importUsers(pb, model, plan, store, report);
  await importTags(pb, plan, store, report);
  const statuses = Object.fromEntries((await pb.collection('statuses').getFullList()).map((s) => [s.slug, s.id]));
  let done = 0;
  for (const entry of plan.posts) {
    try {
      if (entry.action === 'create') await createPost(pb, plan, entry, statuses, store, report);
      if (entry.action !== 'skip') {
        await importComments(pb, entry, store, report);
        await importVotes(pb, entry, store, report);
        if (!store.has('dated', entry.post.key)) {
          await setOriginalDates(pb, model, entry.post, entry.id);
          await store.remember('dated', entry.post.key, entry.id);
        }
      }
    } catch (error) {
      report.problems.push({ where: entry.where, why: reasonOf(error) });
    }
    done += 1;
    onProgress({ done, total: plan.posts.length });
  }
  return report;
}
