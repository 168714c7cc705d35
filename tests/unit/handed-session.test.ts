// The session the Worker's gateway hands to the render (src/lib/pb/session.ts handOver/handedSession) names the
// member's audience as PocketBase's session check did, read by the one predicate that reads it there (audienceIn): an
// audience renamed in the contract is read alike at the gateway and at the render, and an unknown one is none.
import PocketBase from 'pocketbase';
import { describe, expect, it, vi } from 'vitest';

// The contract's audience under another name: only code that reads it from the contract follows.
vi.mock('../../src/contract/audience', async (original) => ({
  ...(await original<typeof import('../../src/contract/audience')>()),
  AUDIENCE_MEMBER: 'renamed-members',
}));
const { audienceIn } = await import('../../src/lib/pb/audience');
const { handedSession, handOver } = await import('../../src/lib/pb/session');
type Audience = ReturnType<typeof audienceIn>;

const record = { id: 'u1', collectionId: 'c1', collectionName: 'users', name: 'Ada', email: 'ada@example.com' };

/** The text the gateway hands over for a member it verified in `audience`, read back as the render reads it. */
function roundTrip(audience: string) {
  const gateway = new PocketBase('http://127.0.0.1:1');
  gateway.authStore.save('a.b.c', record);
  const text = handOver(gateway, {
    user: {
      id: 'u1',
      name: 'Ada',
      email: '',
      avatarUrl: null,
      role: 'member',
      blocked: false,
      verified: true,
      locale: null,
    },
    clearCookie: false,
    shellVersion: 'v1',
    audience: audience as Audience,
  });
  return handedSession(new PocketBase('http://127.0.0.1:1'), text);
}

describe('a handed-over session’s audience', () => {
  it('is read as a session check’s is: the contract’s audience, whatever its name', () => {
    expect(audienceIn({ audience: 'renamed-members' })).toBe('renamed-members');
    expect(roundTrip('renamed-members')?.audience).toBe('renamed-members');
  });

  it('is none for a name the contract does not hold (the member is rendered for themselves)', () => {
    for (const audience of ['member', 'staff', '']) expect(roundTrip(audience)?.audience, audience).toBe('');
  });

  it('keeps the session it hands over: the member, their token and the shell’s version', () => {
    const handed = roundTrip('renamed-members');
    expect(handed?.user?.id).toBe('u1');
    expect(handed?.shellVersion).toBe('v1');
  });
});
