// GENERATED from src/contract/audience.ts by `npm run contract`: edit that file, never this one.
const AUDIENCE_META = "audience";
const SESSION_PATH = "/api/chorus/session";
const SHELL_VERSION_PATH = "/api/chorus/shell-version";
const SHELL_VERSION_META = "shell_version";
const AUDIENCE_MEMBER = "member";
const AUDIENCE_PRINCIPAL_ID = "audiencemember0";
const AUDIENCE_SEGMENT_PREFIX = "segment:";
const PRINCIPAL_SEGMENT_FIELD = "audience_segment";
function segmentAudience(segment) {
  return AUDIENCE_SEGMENT_PREFIX + segment;
}
function segmentOfAudience(audience) {
  if (!audience.startsWith(AUDIENCE_SEGMENT_PREFIX)) return "";
  const segment = audience.slice(AUDIENCE_SEGMENT_PREFIX.length);
  return /^[a-z0-9]{15}$/.test(segment) ? segment : "";
}
module.exports = { AUDIENCE_MEMBER, AUDIENCE_META, AUDIENCE_PRINCIPAL_ID, AUDIENCE_SEGMENT_PREFIX, PRINCIPAL_SEGMENT_FIELD, SESSION_PATH, SHELL_VERSION_META, SHELL_VERSION_PATH, segmentAudience, segmentOfAudience };
