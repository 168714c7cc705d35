// Whether a change PocketBase posts to /edge/publish is one the edge may show anyone (src/edge/publish.ts checks
// every change with it); apart from the route so it can be tested without the Workers runtime.
import { type Change, EDGE_COLLECTIONS, isRecordId } from './protocol';

/** Whether a change is one the edge may show anyone: a known collection, and nothing private in it. */
export function isPublicChange(value: unknown): value is Change {
  const change = value as Change;
  if (!change || typeof change !== 'object' || !change.record || typeof change.record !== 'object') return false;
  if (!(EDGE_COLLECTIONS as readonly string[]).includes(change.collection)) return false;
  if (!['create', 'update', 'delete'].includes(change.action)) return false;
  if (!Number.isSafeInteger(change.seq) || change.seq <= 0 || !isRecordId(change.record.id)) return false;
  if (change.post !== undefined && !isRecordId(change.post)) return false;
  const record = change.record;
  if (change.collection === 'comments' && change.action !== 'delete' && (record.internal || record.hidden))
    return false;
  if (change.collection === 'changelog_entries' && change.action !== 'delete' && record.state !== 'published') {
    return false;
  }
  if ((change.collection === 'comments' || change.collection === 'reactions') && !change.post) return false;
  return true;
}
