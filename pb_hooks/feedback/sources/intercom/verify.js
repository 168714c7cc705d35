// Intercom's webhook signing (developers.intercom.com/docs/webhooks/setting-up-webhooks, "Signed notifications"):
// every notification carries X-Hub-Signature: sha1=<hex>, the HMAC-SHA1 of the raw body keyed with the app's client
// secret, compared here in constant time. PocketBase's $security offers HMAC with SHA-256 and SHA-512 only: the SHA-1
// one is Chorus's own PocketBase's $signatures (server/cmd/pocketbase/signatures.go). Intercom sends no timestamp
// header: a replay is met by the signed body's own created_at and notification id (./receive.js).
// The inbox app's requests (Canvas Kit: developers.intercom.com/docs/canvas-kit, "Signing notifications") carry
// X-Body-Signature: <hex>, the HMAC-SHA256 of the raw body keyed with the same client secret ($security.hs256).

/** '' when the notification is Intercom's, else why not (for the log; the caller answers the same to every reason). */
function signatureProblem(secret, signature, rawBody) {
  if (!secret) return 'no client secret is set';
  if (!signature) return 'missing X-Hub-Signature';
  if (!/^sha1=[0-9a-f]{40}$/.test(signature)) return 'a malformed signature';
  return $security.equal(`sha1=${$signatures.hmacSha1Hex(secret, rawBody)}`, signature)
    ? ''
    : 'a signature that does not match';
}

/** '' when the inbox app's request is Intercom's (X-Body-Signature), else why not. */
function canvasSignatureProblem(secret, signature, rawBody) {
  if (!secret) return 'no client secret is set';
  if (!signature) return 'missing X-Body-Signature';
  if (!/^[0-9a-f]{64}$/i.test(signature)) return 'a malformed signature';
  const expected = $security.hs256(rawBody, secret);
  return $security.equal(expected, signature.toLowerCase()) ? '' : 'a signature that does not match';
}

module.exports = { signatureProblem, canvasSignatureProblem };
