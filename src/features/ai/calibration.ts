// The admin page's calibration (issue 61): the status PocketBase answers, kept in a store; starting a run, then
// following it live (the run happens in PocketBase's background job and saves its progress on its row of
// ai_calibrations, which realtime sends to admins): one read of the status when a run ends, none while it runs.
import { atom } from 'nanostores';
import { toAppError } from '../../lib/pb/errors';
import type { RealtimeEvent } from '../../lib/pb/realtime';
import { getClient } from '../../stores/client';
import { listen, onReconnect } from '../../stores/realtime';
import { type CalibrationRun, type CalibrationStatus, loadCalibration, startCalibration } from './calibration-data';

export const $calibration = atom<CalibrationStatus | null>(null);
/** Why the last start or refresh was refused ('' when none). */
export const $calibrationError = atom('');

/** A row of ai_calibrations as realtime sends it. */
type RunRecord = Omit<CalibrationRun, 'before' | 'after' | 'measured'> & {
  model: string;
  before: CalibrationRun['before'] | '';
  after: CalibrationRun['after'] | '';
  measured: CalibrationRun['measured'] | '';
};

/** The run as the page shows it, from its realtime record (an empty JSON field arrives as null or ''). */
export function runOf(record: RunRecord): CalibrationRun {
  const { id, state, embedded, total, error, hint, floor, alone, created, updated } = record;
  return {
    id,
    state,
    embedded,
    total,
    error,
    hint,
    floor,
    alone,
    before: record.before || null,
    after: record.after || null,
    measured: record.measured || null,
    created,
    updated,
  };
}

/** Counts reads and runs heard: a read answered after a newer one, or after a run's change, is not shown. */
let latest = 0;
async function refresh(): Promise<void> {
  const read = ++latest;
  try {
    const status = await loadCalibration(getClient());
    if (read !== latest) return;
    $calibration.set(status);
    $calibrationError.set('');
  } catch (error) {
    $calibrationError.set(toAppError(error).message);
  }
}

/** A run's row changed: show its progress; when it ends, read the status once (the points in use changed). */
function applyRun(event: RealtimeEvent<RunRecord>): void {
  const status = $calibration.get();
  if (!status || event.action === 'delete' || event.record.model !== status.model) return;
  const run = runOf(event.record);
  latest++;
  const known = status.latest?.id === run.id ? status.latest.state : null;
  $calibration.set({ ...status, latest: run });
  if (run.state !== 'running' && known !== run.state) void refresh();
}

/** Follows the model's runs live from this status on; returns the stop for the page's island. */
export function startCalibrationStatus(initial: CalibrationStatus): () => void {
  if ($calibration.get() === null) $calibration.set(initial);
  const stopListening = listen<RunRecord>('ai_calibrations', '*', applyRun);
  const stopCatchingUp = onReconnect(() => void refresh());
  return () => {
    stopListening();
    stopCatchingUp();
  };
}

/** Starts a run for the model in use; false (and why, in $calibrationError) when PocketBase refused. */
export async function calibrate(): Promise<boolean> {
  try {
    const run = await startCalibration(getClient());
    const status = $calibration.get();
    // The run's own events may have come first: a later state stays.
    const latest = status?.latest?.id === run.id ? status.latest : run;
    if (status) $calibration.set({ ...status, runsLeft: Math.max(0, status.runsLeft - 1), latest });
    $calibrationError.set('');
    return true;
  } catch (error) {
    $calibrationError.set(toAppError(error).message);
    return false;
  }
}
