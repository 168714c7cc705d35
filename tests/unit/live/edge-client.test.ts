// The edge client's readiness (src/lib/live/edge-client.ts): not ready from the moment a topic is asked for (also
// while the socket opens) until the edge acknowledges it, and a second handler of a topic already acknowledged
// changes nothing. Once, every later listener of an acknowledged topic left the page waiting for an ack that never
// came: the toaster's data-live stayed "waiting" and catch-ups waiting on it never ran (the e2e live flakes).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeLive } from '../../../src/lib/live/edge-client';

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Array<{ sub?: string[]; id?: number }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  ack(id: number) {
    this.onmessage?.({ data: JSON.stringify({ ack: id, s: 0 }) });
  }
}

describe('the edge client’s readiness', () => {
  let ready: boolean[];
  const callbacks = { onReady: (r: boolean) => ready.push(r), onGap: () => {}, onDrop: () => {} };
  const last = () => ready.at(-1);

  beforeEach(() => {
    ready = [];
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is not ready while the socket opens, and is once the edge acknowledges the topic', () => {
    const live = edgeLive('ws://edge/live', callbacks);
    live.subscribe('ideas', () => {});
    expect(last()).toBe(false);
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    expect(socket.sent).toEqual([{ sub: ['ideas'], id: 1 }]);
    expect(last()).toBe(false);
    socket.ack(1);
    expect(last()).toBe(true);
  });

  it('stays ready when another part of the page listens to a topic already acknowledged', () => {
    const live = edgeLive('ws://edge/live', callbacks);
    live.subscribe('releases', () => {});
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    socket.ack(1);
    const calls = ready.length;
    live.subscribe('releases', () => {});
    expect(socket.sent).toHaveLength(1);
    expect(ready.slice(calls)).toEqual([]);
    expect(last()).toBe(true);
  });

  it('waits again for a new topic, and for every topic asked at once', () => {
    const live = edgeLive('ws://edge/live', callbacks);
    live.subscribe('ideas', () => {});
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    socket.ack(1);
    live.subscribe('releases', () => {});
    live.subscribe('roadmap', () => {});
    expect(socket.sent.map((m) => m.sub)).toEqual([['ideas'], ['releases'], ['roadmap']]);
    expect(last()).toBe(false);
    socket.ack(2);
    expect(last()).toBe(false);
    socket.ack(3);
    expect(last()).toBe(true);
  });
});

describe('the page’s live state ($subscribed, what the toaster’s data-live and catch-ups wait on)', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', new URL('http://chorus.test/'));
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays live when a second part of the page listens to a topic the edge already acknowledged', async () => {
    const { $subscribed, listenPublic } = await import('../../../src/stores/realtime');
    listenPublic('releases', () => {});
    expect($subscribed.get()).toBe(false);
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    socket.ack(1);
    expect($subscribed.get()).toBe(true);
    // The what's-new badge listening to releases after the release toast did.
    listenPublic('releases', () => {});
    expect($subscribed.get()).toBe(true);
    listenPublic('ideas', () => {});
    expect($subscribed.get()).toBe(false);
    socket.ack(2);
    expect($subscribed.get()).toBe(true);
  });
});
