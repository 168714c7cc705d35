// The staff audit log (admins only; PocketBase's rules answer nothing to anyone else): a filtered page of
// entries for /admin/audit and its CSV export. The filters mean what pb_hooks/audit/audit-filter.js says for
// the export: actor (id or name), action (exact or a prefix such as "post."), target (id or label), UTC days.
import type { PocketBase } from '../../lib/pb/client';
import type { AuditEntriesRecord } from '../../lib/pb/pb-types';

export const AUDIT_PER_PAGE = 50;
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'target', 'from', 'to'] as const;
export type AuditQuery = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;
/** Each filter's key in /admin/audit's URL (its form's control names). `action` and `target` are the form
 * element's own properties, which a control of that name would shadow (tests/e2e/accessibility/form-controls.spec.ts). */
export const AUDIT_FILTER_PARAMS = {
  actor: 'actor',
  action: 'audit_action',
  target: 'audit_target',
  from: 'from',
  to: 'to',
} as const satisfies Record<(typeof AUDIT_FILTER_KEYS)[number], string>;
/** The keys links saved before the rename carry: still read when the new key is absent. */
const OLD_PARAMS: Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>> = { action: 'action', target: 'target' };
export type AuditEntry = AuditEntriesRecord<Record<string, unknown>, Record<string, unknown>> & { via?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Each filter's longest value: what the URL's is cut to, and the form's control allows. */
export const AUDIT_FILTER_SIZES = { actor: 200, action: 100, target: 300, from: 10, to: 10 } as const;
/** Whether a filter is a UTC day (YYYY-MM-DD, a date control) rather than words. */
export const isDayFilter = (key: (typeof AUDIT_FILTER_KEYS)[number]) => key === 'from' || key === 'to';

/** The filters of a URL's query, trimmed and cut to their field's size; dates only as YYYY-MM-DD. */
export function auditQueryOf(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const old = OLD_PARAMS[key];
    const raw = params.get(AUDIT_FILTER_PARAMS[key]) ?? (old ? params.get(old) : null) ?? '';
    const value = raw.trim().slice(0, AUDIT_FILTER_SIZES[key]);
    if (!value || (isDayFilter(key) && !DAY.test(value))) continue;
    query[key] = value;
  }
  return query;
}

/** A query as /admin/audit's URL keys (for its page and download links). */
export function auditParamsOf(query: AuditQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = query[key];
    if (value) params[AUDIT_FILTER_PARAMS[key]] = value;
  }
  return params;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The PocketBase filter of a query, values bound by the SDK (never spliced into the filter text). */
export function auditFilter(pb: PocketBase, query: AuditQuery): string {
  const parts: string[] = [];
  if (query.actor) parts.push(pb.filter('(actor = {:v} || actor_name ~ {:v})', { v: query.actor }));
  if (query.action) {
    const prefix = `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(pb.filter('(action = {:v} || action ~ {:p})', { v: query.action, p: prefix }));
  }
  if (query.target) parts.push(pb.filter('(target_id = {:v} || target_label ~ {:v})', { v: query.target }));
  if (query.from) parts.push(pb.filter('created >= {:v}', { v: `${query.from} 00:00:00.000Z` }));
  if (query.to) parts.push(pb.filter('created < {:v}', { v: `${nextDay(query.to)} 00:00:00.000Z` }));
  return parts.join(' && ');
}

/** One page of entries, newest first. */
export function listAuditEntries(pb: PocketBase, query: AuditQuery, page = 1) {
  return pb.collection('audit_entries').getList<AuditEntry>(page, AUDIT_PER_PAGE, {
    filter: auditFilter(pb, query),
    sort: '-created,-id',
  });
}

/** The CSV export with the same filters (the export is itself an audited action). */
export function fetchAuditCsv(pb: PocketBase, query: AuditQuery): Promise<Response> {
  return fetchAsClient(pb, `/api/chorus/audit/export.csv?${new URLSearchParams(query)}`);
}

/** A raw GET through the client's own headers: the admin's token and, on the server, the visitor's forwarded
 * address (an audited export records where it came from, not the site's address). */
export async function fetchAsClient(pb: PocketBase, path: string): Promise<Response> {
  const url = pb.buildURL(path);
  const init = { headers: { Authorization: pb.authStore.token }, signal: AbortSignal.timeout(60_000) };
  const sent = pb.beforeSend ? await pb.beforeSend(url, init) : { url, options: init };
  return fetch(sent.url ?? url, sent.options as RequestInit);
}
