// The name of the header that carries a visitor's address from the site, derived from the shared secret;
// the site derives the same name in src/lib/pb/client-address.mjs.
const PREFIX = 'X-Chorus-Ip-';

/** `X-Chorus-Ip-` and the first 32 hex digits of the secret's SHA-256. */
function clientAddressHeader(secret) {
  return PREFIX + $security.sha256(secret).slice(0, 32);
}

function isClientAddressHeader(name) {
  return String(name).toLowerCase().indexOf(PREFIX.toLowerCase()) === 0;
}

module.exports = { clientAddressHeader, isClientAddressHeader };
