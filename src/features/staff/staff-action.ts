// Button actions of staff-only islands (issue trackers, integrations): the toast says it worked or why not. Kept
// out of stores/action.ts, which every member's page loads: a tracker's refusal (502, Chorus's own words about a
// service it calls) is shown as said here, where only staff pay for it.
import { ClientResponseError } from '../../lib/pb/client';
import { toAppError } from '../../lib/pb/errors';
import { showToast } from '../../stores/toast';

/** Runs a server call; the toast says `done` or why it was refused. The value, or null when refused. */
export async function toasted<T>(send: () => Promise<T>, done: string): Promise<T | null> {
  try {
    const value = await send();
    showToast(done);
    return value;
  } catch (error) {
    const tracker = error instanceof ClientResponseError && error.status === 502 && error.response?.message;
    showToast(tracker ? String(error.response.message) : toAppError(error).message);
    return null;
  }
}
