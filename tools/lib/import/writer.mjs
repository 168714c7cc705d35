// The importer's writing tools (plan.mjs decides, apply.mjs writes with these). Idempotent and resumable:
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
  const [user] = (
    await pb
      .collection('users')
      .getList(1, 1, { filter: pb.filter('email:lower = {:email}', { email: email.toLowerCase() }) })
  ).items;
  return user ?? null;
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
