// An action asked first in place: the button pressed is replaced by the question, focus goes to its answer (not
// back to the page's top), and the answer runs the action once, busy meanwhile, then the question closes.
import { useEffect, useRef, useState } from 'react';

export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const answer = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) answer.current?.focus();
  }, [confirming]);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return { confirming, busy, answer, ask: () => setConfirming(true), cancel: () => setConfirming(false), run };
}
