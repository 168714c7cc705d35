// Runs one auth action at a time for a form: pending while it runs, then its error (if any).
import { useState } from 'react';
import type { AppError } from '../../lib/pb/errors';
import type { Result } from '../../stores/action';
import { focusFirstError } from './focus-first-error';
import { useHydrated } from './use-hydrated';

export function useFormAction() {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  /** Resolves true on success. `navigating` keeps the form pending while the next page loads. */
  async function run(action: () => Promise<Result>, navigating = false): Promise<boolean> {
    if (pending) return false;
    const form = document.activeElement?.closest('form') ?? null;
    setPending(true);
    setError(null);
    const outcome = await action();
    if (!outcome.ok) {
      setError(outcome.error);
      focusFirstError(form);
    }
    if (!outcome.ok || !navigating) setPending(false);
    return outcome.ok;
  }

  const fields = error?.kind === 'validation' ? error.fields : {};
  // `busy` disables the form's buttons: before hydration, and while the action runs.
  return { pending, busy: pending || !hydrated, error, fields, run };
}
