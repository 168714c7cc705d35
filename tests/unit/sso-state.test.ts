// The state that binds /sso to the browser that began single sign-on (src/features/sso/sso-state.ts).
import { describe, expect, it } from 'vitest';
import { readTokenPerson } from '../../src/features/sso/identify-token-person';
import { isSsoStateBound, newSsoState, ssoStateCookie, ssoStateOf } from '../../src/features/sso/sso-state';

describe('the single sign-on state', () => {
  it('is 32 random bytes, kept in a short-lived HttpOnly SameSite=Lax cookie for /sso only', () => {
    const state = newSsoState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSsoState()).not.toBe(state);
    expect(ssoStateCookie(state, true)).toBe(
      `chorus_sso_state=${state}; Path=/sso; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(ssoStateCookie(null, false)).toBe('chorus_sso_state=; Path=/sso; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('binds only when the address and the cookie hold the same state', () => {
    const state = newSsoState();
    expect(isSsoStateBound(state, ssoStateOf(`pb_auth=x; chorus_sso_state=${state}`))).toBe(true);
    expect(isSsoStateBound(state, ssoStateOf(`chorus_sso_state=${newSsoState()}`))).toBe(false);
    expect(isSsoStateBound(state, ssoStateOf('pb_auth=x'))).toBe(false);
    expect(isSsoStateBound(null, state)).toBe(false);
    expect(isSsoStateBound('', '')).toBe(false);
  });
});

describe('the account a token names (for the question only)', () => {
  it('reads the email and name, or nothing from a token it cannot read', () => {
    const payload = Buffer.from(JSON.stringify({ email: 'Ana@Example.com', name: 'Ana Müller' })).toString('base64url');
    expect(readTokenPerson(`h.${payload}.s`)).toEqual({ email: 'ana@example.com', name: 'Ana Müller' });
    expect(readTokenPerson('not.a.jwt')).toBeNull();
    expect(readTokenPerson('garbage')).toBeNull();
  });
});
