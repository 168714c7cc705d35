// The tracker connections every staff member's idea page reads alike, kept per isolate under staff's version (a
// write to a connection renews it, and no member's: VERSIONED_STAFF_COLLECTIONS), so a staff page no longer reads
// them each view.
// Server only (StaffTrackers.astro): the islands that share trackers-data.ts never carry it.
import type { PocketBase } from '../../lib/pb/client';
import { keptAtVersion } from '../../lib/pb/kept-at-version';
import { listConnections, type TrackerConnection } from './trackers-data';

/** Every connection (its public fields), kept under `version` (read each time without one). */
export function keptConnections(pb: PocketBase, version: string | null): Promise<TrackerConnection[]> {
  return keptAtVersion<TrackerConnection[]>('staff trackers', version, () => listConnections(pb), structuredClone);
}
