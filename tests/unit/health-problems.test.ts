// The health page's problems (src/features/health/health.ts) for ideas by meaning: a failing AI provider, and a
// re-index under way with its progress, a model without a calibration (strict thresholds); nothing when no provider
// is configured or every idea is embedded by a calibrated model.
import { describe, expect, it, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ DurableObject: class {}, WorkerEntrypoint: class {}, env: {} }));
const { problemsOf } = await import('../../src/features/health/health');
type Report = Parameters<typeof problemsOf>[0];

const healthy = {
  pocketbase: { version: '0.39.11', program: 'chorus', startedAt: 0, uptimeSeconds: 1 },
  chorus: { version: 'test' },
  appUrl: 'https://chorus.test',
  storage: { databaseBytes: 1, walBytes: 0, logsBytes: 0, filesBytes: 0, diskFreeBytes: null, lastWriteAt: 0 },
  replica: { kind: 'local', lagMs: 0, dir: '' },
  edge: { configured: true, sent: 1, failed: 0, pendingChanges: 0, pendingTags: 0, retryAt: 0 },
  mail: { enabled: true, host: 'smtp', port: 25, sent: 1, failed: 0 },
  retries: { webhooks: 0, trackers: 0 },
  migrations: { applied: 90, pending: [] },
  outboundAllow: '',
  client: { forwarded: 'site', address: '127.0.0.1' },
} as unknown as Report;
const ai = (status: Partial<NonNullable<Report['ai']>>): Report => ({
  ...healthy,
  ai: { configured: true, model: 'use-lite-en', dims: 512, indexed: 10, total: 10, stale: 0, lastError: '', ...status },
});
const keysOf = (report: Report) => problemsOf(report, null, 'https://chorus.test').map((p) => [p.key, p.values]);

describe('ideas by meaning on the health page', () => {
  it('say nothing when every idea is embedded, or when no provider is configured', () => {
    expect(keysOf(ai({}))).toEqual([]);
    expect(keysOf(ai({ configured: false, indexed: 0 }))).toEqual([]);
    expect(keysOf(healthy)).toEqual([]);
  });

  it('show a re-index’s progress, and a failing provider before it', () => {
    expect(keysOf(ai({ indexed: 4, stale: 6 }))).toEqual([['aiIndexing', { indexed: 4, total: 10 }]]);
    expect(keysOf(ai({ indexed: 4, lastError: 'the AI provider answered HTTP 401' }))).toEqual([
      ['aiFailing', { error: 'the AI provider answered HTTP 401' }],
    ]);
  });

  it('say when the model has no calibration (the strict defaults apply), and not without a provider', () => {
    expect(keysOf(ai({ model: '@cf/baai/bge-m3', calibrated: false }))).toEqual([
      ['aiUncalibrated', { model: '@cf/baai/bge-m3' }],
    ]);
    expect(keysOf(ai({ calibrated: true }))).toEqual([]);
    expect(keysOf(ai({ configured: false, indexed: 0, calibrated: false }))).toEqual([]);
  });
});
