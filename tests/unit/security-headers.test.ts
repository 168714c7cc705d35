import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, extendCsp } from '../../src/lib/security-headers';

const astroPolicy =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; connect-src 'self'";

describe('the content security policy', () => {
  const policy = extendCsp(astroPolicy, { pbOrigin: 'https://pb.example.com', styleHashes: ['sha256-accent='] });

  it('lets the browser reach PocketBase for API calls, realtime and images, and nothing else', () => {
    expect(policy).toContain("connect-src 'self' https://pb.example.com");
    expect(policy).toContain("img-src 'self' https://pb.example.com data: blob: https:");
  });

  it("keeps Astro's script hashes and adds the accent style's hash", () => {
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("style-src 'self' 'sha256-def=' 'sha256-accent='");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('forbids framing', () => {
    expect(policy).toContain("frame-ancestors 'none'");
  });
});

describe('security headers', () => {
  it('are set on every response, HSTS only over HTTPS', () => {
    const plain = applySecurityHeaders(new Response('ok'), { https: false });
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = applySecurityHeaders(new Response('ok'), { https: true });
    expect(secure.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
