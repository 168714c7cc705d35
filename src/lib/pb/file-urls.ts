// Where uploaded images of ideas, comments and changelog entries are loaded from: the site's own /files/ route
// (src/pages/files/), never PocketBase's address, so one URL works for everyone who may see the image: a visitor
// gets the edge's copy while the record is public, a signed-in member gets it through a short-lived file token
// the server asks for with their sign-in (README "Images and private files"). Avatars and the logo stay public.

/**
 * The protected file field of each collection whose files the route serves (pb_migrations/1764730000_…), and the
 * thumbnail sizes that field offers (its `thumbs`): PocketBase answers any other size with the original, so
 * each made-up size would only be one more edge-cache entry for PocketBase to fill; the route refuses it.
 */
export const PROTECTED_FILE_FIELDS: Readonly<Record<string, { field: string; thumbs: readonly string[] }>> = {
  posts: { field: 'images', thumbs: ['320x0', '100x100'] },
  comments: { field: 'images', thumbs: ['320x0', '100x100'] },
  changelog_entries: { field: 'cover', thumbs: ['640x0', '320x0'] },
};

const RECORD_ID = /^[a-z0-9]{15}$/;
/** PocketBase's stored file names: letters, digits, `_`, `-` and one extension. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,150}\.[A-Za-z0-9]{1,10}$/;

export interface FileAddress {
  collection: string;
  record: string;
  name: string;
  /** A thumbnail size the field offers, or '' for the original. */
  thumb: string;
}

/** The site's URL of a protected file (a path: the page's own origin serves it). */
export function fileUrl(record: { collectionName: string; id: string }, name: string, thumb = ''): string {
  const path = `/files/${record.collectionName}/${record.id}/${encodeURIComponent(name)}`;
  return thumb ? `${path}?thumb=${encodeURIComponent(thumb)}` : path;
}

/** The file a /files/ request names, or null when it cannot be one the route serves. */
export function parseFileAddress(params: Record<string, string | undefined>, search: URLSearchParams) {
  const { collection = '', record = '', name = '' } = params;
  const thumb = search.get('thumb') ?? '';
  if (!Object.hasOwn(PROTECTED_FILE_FIELDS, collection) || !RECORD_ID.test(record) || !FILE_NAME.test(name)) {
    return null;
  }
  if (thumb && !PROTECTED_FILE_FIELDS[collection]?.thumbs.includes(thumb)) return null;
  return { collection, record, name, thumb } satisfies FileAddress;
}
