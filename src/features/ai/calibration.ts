// The admin page's calibration (issue 61): the status PocketBase answers, kept in a store; starting a run, then
// asking again every second while it runs (the run happens in PocketBase's background job, not in a request).
import { atom } from 'nanostores';
import { toAppError } from '../../lib/pb/errors';
import { getClient } from '../../stores/client';
import { type CalibrationStatus, loadCalibration, startCalibration } from './calibration-data';

export const $calibration = atom<CalibrationStatus | null>(null);
/** Why the last start or refresh was refused ('' when none). */
export const $calibrationError = atom('');

const POLL_MS = 1000;
let polling: ReturnType<typeof setTimeout> | undefined;

const running = (status: CalibrationStatus | null) => status?.latest?.state === 'running';

async function refresh(): Promise<void> {
  polling = undefined;
  try {
    $calibration.set(await loadCalibration(getClient()));
    $calibrationError.set('');
  } catch (error) {
    $calibrationError.set(toAppError(error).message);
  }
  follow();
}

/** While a run is under way, asks again in a second. */
function follow(): void {
  if (running($calibration.get()) && polling === undefined) polling = setTimeout(refresh, POLL_MS);
}

export function startCalibrationStatus(initial: CalibrationStatus): void {
  if ($calibration.get() === null) $calibration.set(initial);
  follow();
}

/** Starts a run for the model in use; false (and why, in $calibrationError) when PocketBase refused. */
export async function calibrate(): Promise<boolean> {
  try {
    const run = await startCalibration(getClient());
    const status = $calibration.get();
    if (status) $calibration.set({ ...status, runsLeft: Math.max(0, status.runsLeft - 1), latest: run });
    $calibrationError.set('');
    follow();
    return true;
  } catch (error) {
    $calibrationError.set(toAppError(error).message);
    return false;
  }
}
