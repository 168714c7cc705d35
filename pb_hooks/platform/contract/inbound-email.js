// GENERATED from src/contract/inbound-email.ts by `npm run contract`: edit that file, never this one.
const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
const INBOUND_BODY_MAX_BYTES = Math.ceil(INBOUND_MAX_BYTES / 3) * 4 + 64 * 1024;
const INBOUND_ROUTE = "/api/chorus/inbound-email";
module.exports = { INBOUND_BODY_MAX_BYTES, INBOUND_MAX_BYTES, INBOUND_ROUTE };
