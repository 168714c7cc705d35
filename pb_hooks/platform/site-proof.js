// Proofs from the site's Worker: short HS256 JWTs signed with a key derived per purpose from CHORUS_PROXY_SECRET
// by the contract's terms (src/contract/site-proof.ts; src/lib/site-proof.ts signs), so routes only the Worker may
// call (passkey ceremonies, tracker events) know the caller holds the secret. A proof is good for one purpose.
// While a rotation runs, one signed under CHORUS_PROXY_SECRET_PREVIOUS is accepted too (the Worker switches later).
const { PROOF_MAX_SECONDS, proofAudience, proofKeyLabel } = require(`${__hooks}/platform/contract/site-proof.js`);

/** The key for `purpose`, or '' when the site and PocketBase share no secret. */
function siteProofKey(purpose) {
  const secret = $os.getenv('CHORUS_PROXY_SECRET');
  return secret ? $security.hs256(proofKeyLabel(purpose), secret) : '';
}

/** The key from CHORUS_PROXY_SECRET_PREVIOUS while a rotation runs (only beside a current secret), or ''. */
function previousSiteProofKey(purpose) {
  const previous = $os.getenv('CHORUS_PROXY_SECRET_PREVIOUS');
  return previous && $os.getenv('CHORUS_PROXY_SECRET') ? $security.hs256(proofKeyLabel(purpose), previous) : '';
}

/** The claims of `token` for `purpose` and action `act`, or null (forged, expired, another purpose's). */
function parseSiteProof(token, purpose, act) {
  const key = siteProofKey(purpose);
  const text = String(token || '');
  if (!key || !text || text.length > 8192) return null;
  const claims = verifiedClaims(text, key) || verifiedClaims(text, previousSiteProofKey(purpose));
  if (!claims) return null;
  const exp = Number(claims.exp);
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== proofAudience(purpose) || claims.act !== act) return null;
  if (!Number.isFinite(exp) || exp - now > PROOF_MAX_SECONDS) return null;
  return claims;
}

/** The JWT's claims if `key` signed it, else null. */
function verifiedClaims(text, key) {
  if (!key) return null;
  try {
    return $security.parseJWT(text, key);
  } catch {
    return null;
  }
}

module.exports = { siteProofKey, parseSiteProof };
