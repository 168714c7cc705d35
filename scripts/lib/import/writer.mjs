// Writes the neutral import model into Chorus through the PocketBase SDK as a superuser: plans first
// (what would be created, matched or skipped), then applies with progress. Idempotent and resumable:
// every imported thing gets a deterministic id and a row in `imports`; people are matched by email.
// Writes carry the X-Chorus-Import header so they send no webhooks. Original dates are set through
// POST /api/chorus/import/dates.
import { isExistingId } from './ids.mjs';

const IMPORT_HEADERS = { headers: { 'X-Chorus-Import': '1' } };

async function loadMappings(pb, source) {
  const rows = await pb.collection('imports').getFullList({ filter: pb.filter('source = {:source}', { source }) });
  return new Map(rows.map((row) => [`${row.kind}:${row.external_id}`, row.record]));
}

function createStore(pb, model, mappings) {
  return {
    has: (kind, key) => mappings.has(`${kind}:${key}`),
    get: (kind, key) => mappings.get(`${kind}:${key}`),
    async remember(kind, key, record) {
      mappings.set(`${kind}:${key}`, record);
      try {
        await pb.collection('imports').create({ source: model.source, kind, external_id: key, record });
      } catch (error) {
        if (error?.status !== 400) throw error; // already noted by an interrupted run
      }
    },
  };
}

async function findUserByEmail(pb, email) {
  const [user] = (await pb.collection('users').getList(1, 1, { filter: pb.filter('email = {:email}', { email }) }))
    .items;
  return user ?? null;
}

/** What an import would do, without writing anything. */
export async function planImport(pb, model) {
  const mappings = await loadMappings(pb, model.source);
  const plan = {
    users: { matched: 0, create: 0, imported: 0 },
    tags: { create: 0, imported: 0 },
    posts: { create: 0, imported: 0 },
    comments: { create: 0, imported: 0 },
    votes: { create: 0, imported: 0 },
    images: 0,
    problems: model.problems.length,
  };
  for (const user of model.users.values()) {
    if (mappings.has(`user:${user.key}`)) plan.users.imported += 1;
    else if (await findUserByEmail(pb, user.email)) plan.users.matched += 1;
    else plan.users.create += 1;
  }
  for (const tag of model.tags.values()) plan.tags[mappings.has(`tag:${tag.key}`) ? 'imported' : 'create'] += 1;
  for (const post of model.posts) {
    plan.posts[mappings.has(`post:${post.key}`) ? 'imported' : 'create'] += 1;
    if (!mappings.has(`post:${post.key}`)) plan.images += post.images.length;
    for (const comment of post.comments) {
      plan.comments[mappings.has(`comment:${comment.key}`) ? 'imported' : 'create'] += 1;
      if (!mappings.has(`comment:${comment.key}`)) plan.images += comment.images.length;
    }
    for (const voter of post.voterKeys)
      plan.votes[mappings.has(`vote:${post.key}:${voter}`) ? 'imported' : 'create'] += 1;
  }
  return plan;
}

async function createOnce(pb, collection, id, fields) {
  try {
    await pb.collection(collection).create({ id, ...fields }, IMPORT_HEADERS);
    return true;
  } catch (error) {
    if (isExistingId(error)) return false; // made by an interrupted run that did not note it
    throw error;
  }
}

function clip(text, max, where, problems, what) {
  if (text.length <= max) return text;
  problems.push({ where, why: `${what} cut to ${max} characters` });
  return `${text.slice(0, max - 1)}…`;
}

export { clip, createOnce, createStore, findUserByEmail, loadMappings };
