// State for the widget's panel when the browser gives a third-party frame no storage at all (no
// cookies, localStorage, sessionStorage or IndexedDB: what blocking third-party cookies does in
// Chromium). It lives in this frame's `window.name`, which survives the panel's own page loads and
// which the host page cannot read across origins. The panel opens other sites' links in new tabs
// (features/widget/embed-host.ts), so no foreign page ever loads in this frame to read it.
const PREFIX = 'chorus-panel:';

/** True when this document may use localStorage (first-party, or partitioned third-party storage). */
export function canUseStorage(): boolean {
  try {
    const key = 'chorus:probe';
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** localStorage when this document may use it, else the frame's state (in a panel), else nothing. */
export const readLocal = (key: string) => read(key, () => localStorage);
export const writeLocal = (key: string, value: string | null) => write(key, value, () => localStorage);
/** The same for this tab only: sessionStorage, else the frame's state (in a panel), else nothing. */
export const readSession = (key: string) => read(key, () => sessionStorage);
export const writeSession = (key: string, value: string | null) => write(key, value, () => sessionStorage);

function read(key: string, storage: () => Storage): string | null {
  if (canUseStorage()) return storage().getItem(key);
  return isFramed() ? readFrameState(key) : null;
}

function write(key: string, value: string | null, storage: () => Storage): void {
  if (canUseStorage()) {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } else if (isFramed()) {
    writeFrameState(key, value);
  }
}

export function isFramed(): boolean {
  return typeof window !== 'undefined' && window.parent !== window;
}

export function readFrameState(key: string): string | null {
  return readAll()[key] ?? null;
}

export function writeFrameState(key: string, value: string | null): void {
  const state = readAll();
  if (value === null) delete state[key];
  else state[key] = value;
  window.name = Object.keys(state).length > 0 ? PREFIX + JSON.stringify(state) : '';
}

function readAll(): Record<string, string> {
  if (typeof window === 'undefined' || !window.name.startsWith(PREFIX)) return {};
  try {
    const state = JSON.parse(window.name.slice(PREFIX.length));
    return state && typeof state === 'object' ? (state as Record<string, string>) : {};
  } catch {
    return {};
  }
}
