// What the site's /files/ route agrees to serve (src/lib/pb/file-urls.ts), as someone probing it tries: a way out
// of the files folder, a collection whose files are not the route's, a made-up thumbnail size per request.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileUrl, PROTECTED_FILE_FIELDS, parseFileAddress } from '../../src/lib/pb/file-urls';

const RECORD = 'abcdefghij12345';
const NAME = 'screen_a1b2c3d4e5.png';
const parse = (params: Record<string, string | undefined>, search = '') =>
  parseFileAddress(params, new URLSearchParams(search));
const at = (collection: string, record = RECORD, name = NAME, search = '') =>
  parse({ collection, record, name }, search);

describe('the /files/ route', () => {
  it('serves the protected images of ideas, comments and changelog covers, as the site links them', () => {
    for (const collection of Object.keys(PROTECTED_FILE_FIELDS)) {
      const link = new URL(fileUrl({ collectionName: collection, id: RECORD }, NAME, '320x0'), 'https://x.test');
      const [, , linked, record, name] = link.pathname.split('/');
      expect(parse({ collection: linked, record, name: decodeURIComponent(name ?? '') }, link.search)).toEqual({
        collection,
        record: RECORD,
        name: NAME,
        thumb: '320x0',
      });
    }
    expect(at('posts')).toMatchObject({ thumb: '' });
  });

  it('offers exactly the thumbnail sizes each field has in the schema', () => {
    const schema = JSON.parse(readFileSync('pb_schema.json', 'utf8')) as {
      name: string;
      fields: { name: string; type: string; thumbs?: string[]; protected?: boolean }[];
    }[];
    for (const [collection, { field, thumbs }] of Object.entries(PROTECTED_FILE_FIELDS)) {
      const stored = schema.find((c) => c.name === collection)?.fields.find((f) => f.name === field);
      expect(stored, `${collection}.${field}`).toMatchObject({ type: 'file', protected: true });
      expect([...thumbs].sort(), `${collection}.${field}`).toEqual([...(stored?.thumbs ?? [])].sort());
    }
  });

  it('a stranger asks for a path out of the files folder and gets nothing', () => {
    for (const bad of ['..', '../..', '%2e%2e', '..%2f..', 'a/../b', '.', '']) {
      expect(at(bad), `collection ${bad}`).toBeNull();
      expect(at('posts', bad), `record ${bad}`).toBeNull();
      expect(at('posts', RECORD, bad), `name ${bad}`).toBeNull();
    }
    for (const name of ['../pb_data/data.db', '..\\data.db', 'a.png/..', 'a.png\u0000.txt', '.htaccess', 'a..png']) {
      expect(at('posts', RECORD, name), name).toBeNull();
    }
    expect(at('posts', `${RECORD}/..`)).toBeNull();
    expect(at('posts', RECORD.toUpperCase())).toBeNull();
  });

  it('a stranger names a collection that is not the route’s (users, superusers, the site) and gets nothing', () => {
    for (const collection of ['users', '_superusers', 'site', 'companies', 'POSTS', '__proto__', 'constructor']) {
      expect(at(collection), collection).toBeNull();
    }
  });

  it('a stranger asks for a huge or made-up thumbnail size and gets nothing (no new edge-cache entry)', () => {
    for (const thumb of ['99999x99999', '9999x9999', '10000x1', '320x0f', '0x0', '100x100 ', '-1x1', '640x0']) {
      expect(at('posts', RECORD, NAME, `thumb=${encodeURIComponent(thumb)}`), thumb).toBeNull();
    }
    expect(at('changelog_entries', RECORD, NAME, 'thumb=640x0')).toMatchObject({ thumb: '640x0' });
  });
});
