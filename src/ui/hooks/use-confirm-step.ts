// The state of an action asked first in place (src/ui/AskFirst.tsx, which focuses its answer): whether the question
// stands in for the button, busy while the answer runs the action once, and Cancel handing focus back to the button.
import { useRef, useState } from 'react';

export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The button that asks: focus returns to it when the question is cancelled. */
  const askButton = useRef<HTMLButtonElement>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => askButton.current?.focus());
  };
  return { confirming, busy, askButton, ask: () => setConfirming(true), cancel, run };
}
