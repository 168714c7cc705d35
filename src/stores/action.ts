// The one contract every store action follows: it resolves with a Result (never throws), applies its
// change at once where that makes sense, and on refusal rolls back and says why in a toast.
import { type AppError, toAppError } from '../lib/pb/errors';
import { showToast } from './toast';

export type Result<T = void> = { ok: true; value: T } | { ok: false; error: AppError };

export const succeed = <T>(value: T): Result<T> => ({ ok: true, value });

/**
 * A refusal decided before asking the server (blocked, locked, bad input): field messages for forms,
 * or a toast for buttons.
 */
export function refuse(
  message: string,
  options: { fields?: Record<string, string>; toast?: boolean } = {},
): Result<never> {
  if (options.toast) showToast(message);
  return { ok: false, error: { kind: 'validation', message, fields: options.fields ?? {} } };
}

/** Runs a server call and maps whatever it throws: for forms, which show the error next to fields. */
export async function attempt<T>(send: () => Promise<T>): Promise<Result<T>> {
  try {
    return succeed(await send());
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}

interface Optimistic<T> {
  /** Shows the change at once; returns how to undo it. */
  apply?: () => () => void;
  send: () => Promise<T>;
  /** Runs with the server's answer (e.g. to swap a pending id for the saved one). */
  confirm?: (value: T) => void;
  /** Starts the toast when the server refuses: "Your vote was not counted." */
  failure: string;
  /** A toast when it worked. */
  success?: string;
}

/** An optimistic action: apply, send, then confirm, or roll back with a toast. */
export async function act<T>({ apply, send, confirm, failure, success }: Optimistic<T>): Promise<Result<T>> {
  const undo = apply?.();
  const result = await attempt(send);
  if (result.ok) {
    confirm?.(result.value);
    if (success) showToast(success);
  } else {
    undo?.();
    showToast(`${failure} ${result.error.message}`.trim());
  }
  return result;
}

/**
 * Tracks local changes per key, so an answer asked for before a local change never overwrites it:
 * take a `mark()` before asking, and apply the answer for a key only if `unchangedSince(key, mark)`.
 */
export function createChangeClock() {
  let tick = 0;
  const changed = new Map<string, number>();
  return {
    mark: () => tick,
    touch(key: string) {
      tick += 1;
      changed.set(key, tick);
    },
    unchangedSince: (key: string, mark: number) => (changed.get(key) ?? 0) <= mark,
  };
}
