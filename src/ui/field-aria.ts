// How a control is tied to its hint and its message, for React (FieldFrame.tsx) and server-rendered forms
// (FormField.astro) alike: its id, aria-invalid while it has a message, and aria-describedby naming both, so a
// screen reader reads the message with the control.
export interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

export function controlAria(id: string, { hint, error }: { hint?: unknown; error?: unknown }): ControlAria {
  const describedBy = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}
