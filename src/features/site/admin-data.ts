// Admin writes: boards, statuses and tags (edited as ordered lists), site settings, members and the CSV export.

import type { PocketBase } from '../../lib/pb/client';
import type { PostRecordLite } from '../../lib/pb/staff-types';
import type { Role, UserRecord } from '../../lib/pb/types';
import { fetchAsClient } from '../audit/audit';

export type AdminCollection = 'boards' | 'statuses' | 'tags' | 'custom_fields';
export type AdminRow = { id: string } & Record<string, string | number | boolean | string[]>;

/** One member's name by id, or null when there is none (an admin's page about that member). */
export function findMemberName(pb: PocketBase, id: string): Promise<{ id: string; name: string } | null> {
  return pb
    .collection('users')
    .getOne<{ id: string; name: string }>(id, { fields: 'id,name' })
    .catch(() => null);
}

export function listRows(pb: PocketBase, collection: AdminCollection): Promise<AdminRow[]> {
  const sort = collection === 'tags' ? 'name' : collection === 'custom_fields' ? 'position,created' : 'position,name';
  return pb.collection(collection).getFullList<AdminRow>({ sort });
}

export function createRow(pb: PocketBase, collection: AdminCollection, data: Record<string, unknown>) {
  return pb.collection(collection).create<AdminRow>(data);
}

export function updateRow(pb: PocketBase, collection: AdminCollection, id: string, data: Record<string, unknown>) {
  return pb.collection(collection).update<AdminRow>(id, data);
}

export function deleteRow(pb: PocketBase, collection: AdminCollection, id: string) {
  return pb.collection(collection).delete(id);
}

/** The site record (name, tagline, logo, accent, welcome, approval, sign-ups); FormData carries the logo. */
export function updateSite(pb: PocketBase, id: string, data: FormData) {
  return pb.collection('site').update(id, data);
}

export function listQueue(pb: PocketBase) {
  return pb.collection('posts').getFullList<PostRecordLite>({
    filter: 'approved = false && merged_into = ""',
    sort: 'created',
    expand: 'board',
    fields: 'id,title,created,board,author_name,held_for,expand.board.name',
  });
}

export function listMembers(pb: PocketBase, query: string, page = 1) {
  const filter = query ? pb.filter('name ~ {:q}', { q: query }) : '';
  return pb.collection('users').getList<UserRecord>(page, 50, { filter, sort: 'name', fields: 'id,name,role,blocked' });
}

export function updateMember(pb: PocketBase, id: string, data: { role?: Role; blocked?: boolean }) {
  return pb.collection('users').update<UserRecord>(id, data);
}

/** The CSV export, fetched with the admin's token (a plain link to PocketBase would carry none) and the
 * visitor's address (the export is audited). */
export function fetchPostsCsv(pb: PocketBase): Promise<Response> {
  return fetchAsClient(pb, '/api/chorus/export/posts.csv');
}

/** Only the fields an editor shows (missing ones as ''), so islands get small, plain props. */
export function pickRow(row: AdminRow, keys: string[]): AdminRow {
  const picked: AdminRow = { id: row.id };
  for (const key of keys) picked[key] = row[key] ?? '';
  return picked;
}
