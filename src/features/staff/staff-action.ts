// Button actions of staff-only islands (issue trackers, integrations, webhooks, API keys): the toast says it worked or
// why not, and the refusal comes back for the fields to show. Kept out of stores/action.ts, which every member's page
// loads: a tracker's refusal (502, Chorus's own words about a service it calls) is shown as said here, where only
// staff pay for it.
import { ClientResponseError } from '../../lib/pb/client';
import { type AppError, toAppError } from '../../lib/pb/errors';
import { showToast } from '../../stores/toast';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** The refusal to show for what a server call threw (a tracker's own words as said). */
function refusalOf(error: unknown): AppError {
  const appError = toAppError(error);
  const tracker = error instanceof ClientResponseError && error.status === 502 && error.response?.message;
  return tracker ? { ...appError, message: String(error.response.message) } : appError;
}

/** Runs a server call; the toast says `done` or why it was refused. Its value, or the refusal. */
export async function attempt<T>(send: () => Promise<T>, done: string): Promise<Outcome<T>> {
  try {
    const value = await send();
    showToast(done);
    return { ok: true, value };
  } catch (error) {
    const refusal = refusalOf(error);
    showToast(refusal.message);
    return { ok: false, error: refusal };
  }
}

/** As attempt: the value, or null when refused. */
export async function toasted<T>(send: () => Promise<T>, done: string): Promise<T | null> {
  const outcome = await attempt(send, done);
  return outcome.ok ? outcome.value : null;
}
