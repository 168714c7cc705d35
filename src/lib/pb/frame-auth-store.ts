// The auth store of a panel page that may not use storage: the session is kept in memory and carried
// to the panel's next page through the frame's state (lib/frame-state.ts).
import { type AuthRecord, BaseAuthStore } from 'pocketbase';
import { canUseStorage, isFramed, readFrameState, writeFrameState } from '../frame-state';

const KEY = 'auth';

export class FrameAuthStore extends BaseAuthStore {
  constructor() {
    super();
    try {
      const saved = JSON.parse(readFrameState(KEY) ?? 'null') as { token: string; record: AuthRecord } | null;
      if (saved?.token) super.save(saved.token, saved.record);
    } catch {
      // Unreadable state: start signed out.
    }
  }

  override save(token: string, record?: AuthRecord): void {
    super.save(token, record);
    writeFrameState(KEY, JSON.stringify({ token, record }));
  }

  override clear(): void {
    super.clear();
    writeFrameState(KEY, null);
  }
}

/** The browser client's auth store: the SDK's localStorage one when allowed (undefined), else this one
 * inside a frame, else memory only. */
export function createBrowserAuthStore(): BaseAuthStore | undefined {
  if (canUseStorage()) return undefined;
  return isFramed() ? new FrameAuthStore() : new BaseAuthStore();
}
