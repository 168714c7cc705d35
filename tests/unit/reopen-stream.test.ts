// Reopening the live stream after a sign-in change (src/lib/pb/realtime.ts): the SDK's connect() only while the
// stream is open, a failed attempt left to the SDK's retries, and an SDK without connect() said, not silent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PocketBase } from '../../src/lib/pb/client';
import { reopenStream } from '../../src/lib/pb/realtime';

const clientWith = (realtime: { isConnected: boolean; connect?: () => Promise<void> }) =>
  ({ realtime }) as unknown as PocketBase;

afterEach(() => vi.restoreAllMocks());

describe('reopenStream', () => {
  it('opens an open stream again, and leaves a failed attempt to the SDK', async () => {
    let attempts = 0;
    // Not a vi.fn(): a spy handles the rejections of the promises it returns, and this one must be caught here.
    const connect = () => {
      attempts += 1;
      return Promise.reject(new Error('refused'));
    };
    reopenStream(clientWith({ isConnected: true, connect }));
    expect(attempts).toBe(1);
    // A rejection nobody caught would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('opens nothing when no stream is open', () => {
    const connect = vi.fn(() => Promise.resolve());
    reopenStream(clientWith({ isConnected: false, connect }));
    expect(connect).not.toHaveBeenCalled();
  });

  it('says so when the SDK no longer has connect()', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    reopenStream(clientWith({ isConnected: true }));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('realtime.connect()'));
  });
});
