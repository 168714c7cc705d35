// Keeps whatever was typed into the server's HTML before the island hydrated, for a controlled field (Field,
// TextareaField): in a layout effect, so the value is state in the same commit as hydration, before the hydrated
// form can take a click. Answers the ref to give the field's element.
import { useLayoutEffect, useRef } from 'react';

export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: string | undefined,
  onValue: ((value: string) => void) | undefined,
) {
  const element = useRef<E>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, on hydration.
  useLayoutEffect(() => {
    const typed = element.current?.value;
    if (value !== undefined && typed && typed !== value) onValue?.(typed);
  }, []);
  return element;
}
