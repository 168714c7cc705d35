// Who an identify token names, read from its payload without checking the signature: only to name the account
// on /sso's "sign in as …?" question. PocketBase alone decides whether the token signs anyone in.

export interface TokenPerson {
  email: string;
  name: string;
}

/** The token's email and name, or null when its payload cannot be read. */
export function readTokenPerson(token: string): TokenPerson | null {
  const payload = token.split('.')[1];
  if (!payload || payload.length > 8192) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown; name?: unknown };
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase().slice(0, 254) : '';
    if (!email) return null;
    const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 60) : '';
    return { email, name };
  } catch {
    return null;
  }
}
