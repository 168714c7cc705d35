// GENERATED from src/contract/audience.ts by `npm run contract`: edit that file, never this one.
const AUDIENCE_META = "audience";
const AUDIENCE_MEMBER = "member";
const AUDIENCE_PRINCIPAL_ID = "audiencemember0";
module.exports = { AUDIENCE_MEMBER, AUDIENCE_META, AUDIENCE_PRINCIPAL_ID };
