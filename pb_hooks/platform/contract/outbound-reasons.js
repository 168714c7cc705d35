// GENERATED from src/contract/outbound-reasons.ts by `npm run contract`: edit that file, never this one.
const OUTBOUND_REASONS = [
  // not http(s), user info, or not a URL read one way only
  "refused_url",
  // the host is (or its name resolves to) an address that is not public
  "refused_address",
  // the name has no address
  "unresolved",
  // this host lacks curl or getent: nothing is sent
  "unavailable",
  "connect_failed",
  "timeout",
  "tls_failed",
  "too_large",
  // a 3xx: redirects are never followed
  "redirect_refused",
  "http_4xx",
  "http_5xx",
  // anything else (an empty answer, a reset connection)
  "failed"
];
function isOutboundReason(text) {
  return OUTBOUND_REASONS.includes(text);
}
module.exports = { OUTBOUND_REASONS, isOutboundReason };
