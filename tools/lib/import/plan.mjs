// What an import will do, decided once from the source and what Chorus already holds: which people are
// matched by email or created, which tags and boards are reused by name or created, which ideas,
// comments and votes are new, already imported, or cannot be imported (and why). The dry run prints it,
// the real run carries it out (apply.mjs) and prints what happened in the same words (summary.mjs).
import { MAX_IMAGES } from './files.mjs';
import { recordIdOf } from './ids.mjs';
import { clip, findUserByEmail, loadMappings } from './writer.mjs';

/** Counts of what an import creates, reuses (matched) and skips as already imported. */
export const emptyTally = () => ({
  created: { posts: 0, comments: 0, votes: 0, images: 0, users: 0, tags: 0, boards: 0 },
  matched: { users: 0, tags: 0, boards: 0 },
  imported: { posts: 0, comments: 0, votes: 0, users: 0, tags: 0 },
});

export const slugOfBoard = (name) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'feedback';

/** The images a record gets: at most MAX_IMAGES, the rest reported. */
function imagesOf(images, where, problems) {
  for (const image of images.slice(MAX_IMAGES))
    problems.push({ where, why: `image ${image.name} skipped: at most ${MAX_IMAGES} per record` });
  return images.slice(0, MAX_IMAGES);
}

async function planUsers(pb, model, mappings, tally) {
  const users = new Map();
  const createdByEmail = new Map();
  for (const user of model.users.values()) {
    const imported = mappings.get(`user:${user.key}`);
    if (imported) {
      users.set(user.key, { action: 'imported', id: imported });
      tally.imported.users += 1;
      continue;
    }
    const id = (await findUserByEmail(pb, user.email))?.id ?? createdByEmail.get(user.email);
    if (id) {
      users.set(user.key, { action: 'matched', id });
      tally.matched.users += 1;
    } else {
      const newId = recordIdOf(model.source, 'user', user.key);
      createdByEmail.set(user.email, newId);
      users.set(user.key, { action: 'create', id: newId });
      tally.created.users += 1;
    }
  }
  return users;
}

async function planTags(pb, model, mappings, tally, problems) {
  const tags = new Map();
  const byName = new Map(
    (await pb.collection('tags').getFullList()).map((t) => [
      t.name.toLowerCase(),
      { id: t.id, staffOnly: t.staff_only },
    ]),
  );
  for (const tag of model.tags.values()) {
    const imported = mappings.get(`tag:${tag.key}`);
    const name = tag.name.slice(0, 40);
    const same = byName.get(name.toLowerCase());
    if (imported) {
      tags.set(tag.key, { action: 'imported', id: imported });
      tally.imported.tags += 1;
    } else if (same && tag.staffOnly && !same.staffOnly) {
      // Reusing it would show the source's private triage label on the idea's public page.
      tags.set(tag.key, { action: 'skip' });
      problems.push({
        where: `tag ${tag.name}`,
        why: 'staff-only in the source, but Chorus has a public tag of that name: left off the ideas so it stays private',
      });
    } else if (same) {
      tags.set(tag.key, { action: 'matched', id: same.id });
      tally.matched.tags += 1;
    } else {
      const id = recordIdOf(model.source, 'tag', tag.key);
      byName.set(name.toLowerCase(), { id, staffOnly: tag.staffOnly });
      tags.set(tag.key, { action: 'create', id, fields: { name, color: tag.color, staff_only: tag.staffOnly } });
      tally.created.tags += 1;
    }
  }
  return tags;
}

function planComments(model, post, users, mappings, plan) {
  return post.comments.flatMap((comment) => {
    const where = `comment ${comment.key} on ${post.key}`;
    if (mappings.has(`comment:${comment.key}`)) {
      plan.tally.imported.comments += 1;
      return [];
    }
    const author = users.get(comment.authorKey)?.id;
    if (!author) {
      plan.problems.push({ where, why: 'its author could not be imported' });
      return [];
    }
    plan.tally.created.comments += 1;
    const images = imagesOf(comment.images, where, plan.problems);
    plan.tally.created.images += images.length;
    const body = clip(comment.body || '(image)', 5000, where, plan.problems, 'comment');
    return [
      {
        key: comment.key,
        id: recordIdOf(model.source, 'comment', comment.key),
        authorKey: comment.authorKey,
        body,
        images,
      },
    ];
  });
}

function planVotes(post, users, mappings, plan) {
  const voters = new Set();
  return [...new Set(post.voterKeys)].flatMap((voterKey) => {
    const key = `${post.key}:${voterKey}`;
    if (mappings.has(`vote:${key}`)) {
      plan.tally.imported.votes += 1;
      return [];
    }
    const user = users.get(voterKey)?.id;
    if (!user) {
      plan.problems.push({ where: `vote on ${post.key}`, why: `voter ${voterKey} could not be imported (no email)` });
      return [];
    }
    // Two source accounts matched to one Chorus person: one vote (the second is only noted).
    const duplicate = voters.has(user);
    voters.add(user);
    if (!duplicate) plan.tally.created.votes += 1;
    return [{ key, voterKey, duplicate }];
  });
}

async function planBoard(pb, name, plan) {
  const slug = slugOfBoard(name);
  if (!plan.boards.has(slug)) {
    const [found] = (await pb.collection('boards').getList(1, 1, { filter: pb.filter('slug = {:slug}', { slug }) }))
      .items;
    plan.boards.set(slug, { slug, name: name.slice(0, 60), id: found?.id ?? null });
    plan.tally[found ? 'matched' : 'created'].boards += 1;
  }
  return slug;
}

/**
 * What an import would do, without writing anything.
 * @param {{ board?: string }} [options] the board every idea goes to (else the source's own)
 */
export async function planImport(pb, model, { board } = {}) {
  const mappings = await loadMappings(pb, model.source);
  const tally = emptyTally();
  const problems = [...model.problems];
  const users = await planUsers(pb, model, mappings, tally);
  const tags = await planTags(pb, model, mappings, tally, problems);
  const plan = { mappings, users, tags, boards: new Map(), posts: [], tally, problems };
  // Originals before their duplicates, so a duplicate can name the idea it was merged into.
  const posts = [...model.posts].sort((a, b) => Number(Boolean(a.duplicateOfKey)) - Number(Boolean(b.duplicateOfKey)));
  for (const post of posts) {
    const where = `idea ${post.key} (${post.title})`;
    const imported = mappings.get(`post:${post.key}`);
    if (imported) {
      tally.imported.posts += 1;
    } else if (!users.get(post.authorKey)) {
      plan.problems.push({ where, why: 'its author could not be imported (no email)' });
      plan.posts.push({ post, where, action: 'skip' });
      continue;
    }
    const entry = { post, where, action: imported ? 'imported' : 'create', id: imported };
    if (!imported) {
      tally.created.posts += 1;
      entry.id = recordIdOf(model.source, 'post', post.key);
      entry.author = users.get(post.authorKey).id;
      entry.board = await planBoard(pb, board || post.board || model.defaultBoard || 'Feedback', plan);
      entry.images = imagesOf(post.images, where, plan.problems);
      tally.created.images += entry.images.length;
      entry.title = clip(post.title, 120, where, plan.problems, 'title');
      entry.body = clip(post.body, 10000, where, plan.problems, 'body');
      entry.response = clip(post.response, 5000, where, plan.problems, 'response');
    }
    entry.comments = planComments(model, post, users, mappings, plan);
    entry.votes = planVotes(post, users, mappings, plan);
    plan.posts.push(entry);
  }
  return plan;
}
