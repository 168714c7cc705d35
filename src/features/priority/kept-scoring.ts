// The scoring formula and weights every staff member's idea page reads alike, kept per isolate under staff's version
// (a write to scoring renews it, and no member's: VERSIONED_STAFF_COLLECTIONS), so a staff page no longer reads it
// each view.
// Server only (StaffPriority.astro): the islands that share priority-data.ts never carry it.
import type { PocketBase } from '../../lib/pb/client';
import { keptAtVersion } from '../../lib/pb/kept-at-version';
import { getScoring, type ScoringRecord } from './priority-data';

/** The scoring record, kept under `version` (read each time without one). */
export function keptScoring(pb: PocketBase, version: string | null): Promise<ScoringRecord> {
  return keptAtVersion<ScoringRecord>('staff scoring', version, () => getScoring(pb), structuredClone);
}
