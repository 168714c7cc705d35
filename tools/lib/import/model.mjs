// The neutral shape every source is read into before anything is written to Chorus:
//   { source, users: Map<key, { key, name, email }>, tags: Map<key, { key, name, color, staffOnly }>,
//     posts: [{ key, number?, title, body, status, tagKeys, authorKey, created, approved, response,
//               duplicateOfKey, images: [{ url, name }], comments: [{ key, authorKey, body, created,
//               images }], voterKeys: [] }],
//     problems: [{ where, why }],   // what cannot be imported, and why
//     defaultBoard? }               // the board name the source suggests (Fider: its site name)
// `key`s are the source's own ids, used as the external ids of the imports collection.

const FIDER_IMAGE = /!\[[^\]]*\]\(fider-image:([^)\s]+)\)/g;

/** Splits markdown into the text without embedded images and the image references it held. */
export function extractImages(markdown, toUrl) {
  const images = [];
  const text = String(markdown ?? '').replace(FIDER_IMAGE, (_, key) => {
    images.push({ url: toUrl(key), name: key.split('/').pop() });
    return '';
  });
  return { text: text.replace(/\r\n/g, '\n').trim(), images };
}

/** Chorus status slug for a source's status name; unknown names fall back to `open` (reported). */
const STATUS_SYNONYMS = {
  open: 'open',
  new: 'open',
  'under review': 'under-review',
  'under-review': 'under-review',
  reviewing: 'under-review',
  planned: 'planned',
  started: 'in-progress',
  'in progress': 'in-progress',
  'in-progress': 'in-progress',
  completed: 'done',
  complete: 'done',
  done: 'done',
  shipped: 'done',
  released: 'done',
  declined: 'declined',
  closed: 'declined',
  duplicate: 'open',
};
export function statusSlugOf(name) {
  return (
    STATUS_SYNONYMS[
      String(name ?? '')
        .trim()
        .toLowerCase()
    ] ?? null
  );
}

export function emptyModel(source) {
  return { source, users: new Map(), tags: new Map(), posts: [], problems: [] };
}

export const isEmail = (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(text ?? '').trim());
