// GENERATED from src/contract/hand-offs.ts by `npm run contract`: edit that file, never this one.
const VOTES_NOW_MARK = "chorus_votes_now";
const VOTES_AFTER_MARK = "chorus_votes_after";
const WAKE_INSIGHTS_MARK = "chorus_wake_insights";
const KICK_WEBHOOKS_MARK = "chorus_kick_webhooks";
const COUNTS_ONLY_MARK = "chorus_counts_only";
const IMPORT_MARK = "chorus_import";
const AI_EDITED_MARK = "chorus_ai_edited";
const INSIGHTS_JOB = "chorus_insights";
const WEBHOOKS_JOB = "chorus_webhooks";
const AI_INDEX_JOB = "chorus_ai_index";
const PLANNER_STATS_JOB = "chorus_planner_stats";
const PROGRAM_KEY = "chorus.program";
const AI_CONFIGURED_KEY = "chorus.ai.configured";
const SHELL_VERSION_KEY = "chorus_shell_version";
const STAFF_VERSION_KEY = "chorus_staff_version";
module.exports = { AI_CONFIGURED_KEY, AI_EDITED_MARK, AI_INDEX_JOB, COUNTS_ONLY_MARK, IMPORT_MARK, INSIGHTS_JOB, KICK_WEBHOOKS_MARK, PLANNER_STATS_JOB, PROGRAM_KEY, SHELL_VERSION_KEY, STAFF_VERSION_KEY, VOTES_AFTER_MARK, VOTES_NOW_MARK, WAKE_INSIGHTS_MARK, WEBHOOKS_JOB };
