// The health of a running Chorus as /admin/health shows it and /admin/health.json answers it: PocketBase's own
// report (GET /api/chorus/health, pb_hooks/health/health.js), the Worker's purge queue, and what is wrong with them,
// as message keys of the `health` namespace (the admin's language) with their values.
import { env } from 'cloudflare:workers';
import { type PurgeQueueEnv, type PurgeQueueStatus, purgeQueueStatus } from '../../edge/purge-queue';
import { formatList } from '../../i18n/list-format';
import type { Locale } from '../../i18n/locales';
import type { KeyOf } from '../../i18n/translator';
import type { PocketBase } from '../../lib/pb/client';

export interface Tally {
  sent: number;
  failed: number;
  lastError?: string;
  lastErrorAt?: number;
  lastSentAt?: number;
}

export interface PocketBaseHealth {
  checkedAt: number;
  pocketbase: { version: string; program: 'chorus' | 'stock'; startedAt: number; uptimeSeconds: number };
  chorus: { version: string };
  appUrl: string;
  storage: {
    databaseBytes: number;
    walBytes: number;
    logsBytes: number;
    filesBytes: number;
    diskFreeBytes: number | null;
    lastWriteAt: number;
  };
  replica:
    | { kind: 'off' }
    | { kind: 'remote'; url: string }
    | { kind: 'missing'; dir: string }
    | { kind: 'local'; dir: string; lastReplicatedAt: number; lagMs: number };
  edge: Tally & { configured: boolean; pendingChanges: number; pendingTags: number; retryAt: number };
  mail: Tally & { enabled: boolean; host: string; port: number };
  retries: { webhooks: number | null; trackers: number | null };
  /** Ideas by meaning (absent from a PocketBase older than issue 38's). */
  ai?: {
    configured: boolean;
    model: string;
    dims: number;
    indexed: number;
    total: number;
    stale: number;
    lastError: string;
    /** Whether the model has a calibration (issue 61); absent from an older PocketBase. */
    calibrated?: boolean;
  };
  migrations: { applied: number; pending: string[]; readable: boolean };
  outboundAllow: string;
  /** How this request reached PocketBase: with the visitor's address in the header it trusts, another, or none. */
  client: { address: string; forwarded: 'trusted' | 'untrusted' | 'none' };
}

export type HealthKey = KeyOf<'health'>;
export interface Problem {
  key: HealthKey;
  /** Lists (file names) are put in words in the admin's language by problemValues. */
  values: Record<string, string | number | string[]>;
}

export interface Health {
  pocketbase: PocketBaseHealth;
  purges: PurgeQueueStatus | null;
  site: string;
  problems: Problem[];
}

/** Past this, the replica is behind (Litestream copies a write within a second). */
export const STALE_REPLICA_MS = 60_000;
const LOW_DISK_BYTES = 1024 ** 3;

/** PocketBase's report (as the signed-in admin, or with `token`: a superuser's or an admin's) and the purge queue. */
export async function loadHealth(pb: PocketBase, site: string, token?: string): Promise<Health> {
  const [pocketbase, purges] = await Promise.all([
    pb.send<PocketBaseHealth>('/api/chorus/health', token ? { headers: { Authorization: token } } : {}),
    purgeQueueStatus(env as PurgeQueueEnv).catch(() => null),
  ]);
  return { pocketbase, purges, site, problems: problemsOf(pocketbase, purges, site) };
}

/** A failure counted after the last success: still failing. */
const stillFailing = (tally: Tally) => tally.failed > 0 && (tally.lastErrorAt ?? 0) > (tally.lastSentAt ?? 0);

/** What is wrong, worst first. `duration`/`bytes` are how the caller writes lengths of time and sizes. */
export function problemsOf(report: PocketBaseHealth, purges: PurgeQueueStatus | null, site: string): Problem[] {
  const found: Problem[] = [];
  const add = (key: HealthKey, values: Problem['values'] = {}) => found.push({ key, values });
  const { mail, edge, replica, storage, retries, migrations } = report;
  if (report.pocketbase.program === 'stock') add('stockPocketBase');
  if (!mail.enabled) add('mailOff');
  else if (stillFailing(mail)) add('mailFailing', { error: mail.lastError ?? '' });
  if (!edge.configured) add('edgeNotConnected');
  else if (stillFailing(edge)) add('edgeFailing', { error: edge.lastError ?? '' });
  if (purges && purges.refused > 0) add('purgesRefused', { count: purges.refused, error: purges.lastRefusal ?? '' });
  if (replica.kind === 'off') add('backupsAreOff');
  if (replica.kind === 'missing') add('backupsNone', { dir: replica.dir });
  if (replica.kind === 'local' && replica.lagMs > STALE_REPLICA_MS) add('backupsStale', { lagMs: replica.lagMs });
  if (originOf(report.appUrl) !== originOf(site)) add('appUrlDiffers', { appUrl: report.appUrl, site });
  if (migrations.pending.length > 0) add('migrationsWaiting', { files: migrations.pending });
  if ((retries.webhooks ?? 0) + (retries.trackers ?? 0) > 0) {
    add('retriesWaiting', { webhooks: retries.webhooks ?? 0, trackers: retries.trackers ?? 0 });
  }
  if (report.ai?.configured && report.ai.lastError) add('aiFailing', { error: report.ai.lastError });
  else if (report.ai?.configured && report.ai.indexed < report.ai.total) {
    add('aiIndexing', { indexed: report.ai.indexed, total: report.ai.total });
  }
  if (report.ai?.configured && report.ai.calibrated === false) add('aiUncalibrated', { model: report.ai.model });
  if (storage.diskFreeBytes !== null && storage.diskFreeBytes < LOW_DISK_BYTES) {
    add('diskLow', { freeBytes: storage.diskFreeBytes });
  }
  return found;
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Sizes and lengths of time in the admin's language (Intl's units: no words to translate). */
export function formatBytes(locale: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], maximumFractionDigits: 1 }).format(value);
}

export function formatDuration(locale: string, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 7200
        ? [Math.round(seconds / 60), 'minute']
        : seconds < 172_800
          ? [Math.round(seconds / 3600), 'hour']
          : [Math.round(seconds / 86_400), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A problem's values as words: `lagMs` and `freeBytes` become `lag` and `free`. */
export function problemValues(locale: string, values: Problem['values']): Record<string, string | number> {
  const { lagMs, freeBytes, ...rest } = values;
  const words = Object.entries(rest).map(([name, value]) => [
    name,
    Array.isArray(value) ? formatList(locale as Locale, value) : value,
  ]);
  return {
    ...Object.fromEntries(words),
    ...(lagMs !== undefined && { lag: formatDuration(locale, Number(lagMs)) }),
    ...(freeBytes !== undefined && { free: formatBytes(locale, Number(freeBytes)) }),
  };
}
