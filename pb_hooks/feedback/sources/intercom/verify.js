// Intercom's webhook signing (developers.intercom.com/docs/webhooks/setting-up-webhooks, "Signed notifications"):
// every notification carries X-Hub-Signature: sha1=<hex>, the HMAC-SHA1 of the raw body keyed with the app's client
// secret, compared here in constant time. PocketBase's $security offers HMAC with SHA-256 and SHA-512 only: the SHA-1
// one is Chorus's own PocketBase's $signatures (server/cmd/pocketbase/signatures.go). Intercom sends no timestamp
// header: a replay is met by the signed body's own created_at and notification id (./receive.js).

/** '' when the notification is Intercom's, else why not (for the log; the caller answers the same to every reason). */
function signatureProblem(secret, signature, rawBody) {
  if (!secret) return 'no client secret is set';
  if (!signature) return 'missing X-Hub-Signature';
  if (!/^sha1=[0-9a-f]{40}$/.test(signature)) return 'a malformed signature';
  return $security.equal(`sha1=${$signatures.hmacSha1Hex(secret, rawBody)}`, signature)
    ? ''
    : 'a signature that does not match';
}

module.exports = { signatureProblem };
