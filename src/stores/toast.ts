// One short message at a time, e.g. when the server refused an optimistic change.
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  message: string;
}

export const $toast = atom<Toast | null>(null);
let counter = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(message: string, ms = 6000): void {
  counter += 1;
  $toast.set({ id: counter, message });
  clearTimeout(timer);
  timer = setTimeout(dismissToast, ms);
}

export function dismissToast(): void {
  $toast.set(null);
}
