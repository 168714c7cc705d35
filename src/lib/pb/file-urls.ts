// Where uploaded images of ideas, comments and changelog entries are loaded from: the site's own /files/ route
// (src/pages/files/), never PocketBase's address, so one URL works for everyone who may see the image: a visitor
// gets the edge's copy while the record is public, a signed-in member gets it through a short-lived file token
// the server asks for with their sign-in (README "Images and private files"). Avatars and the logo stay public.

/** The protected file field of each collection whose files the route serves (pb_migrations/1764730000_…). */
export const PROTECTED_FILE_FIELDS: Readonly<Record<string, string>> = {
  posts: 'images',
  comments: 'images',
  changelog_entries: 'cover',
};

const RECORD_ID = /^[a-z0-9]{15}$/;
/** PocketBase's stored file names: letters, digits, `_`, `-` and one extension. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,150}\.[A-Za-z0-9]{1,10}$/;
const THUMB = /^\d{1,4}x\d{1,4}[tbf]?$/;

export interface FileAddress {
  collection: string;
  record: string;
  name: string;
  /** A thumbnail size the field offers (PocketBase serves the original for any other). */
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
  if (thumb && !THUMB.test(thumb)) return null;
  return { collection, record, name, thumb } satisfies FileAddress;
}
