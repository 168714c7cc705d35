// What PocketBase's two runtimes leave each other, written once (no imports) and compiled for both: the hooks'
// CommonJS (pb_hooks/platform/contract/hand-offs.js) and Go (server/cmd/pocketbase/contract_gen.go), by `npm run contract`.
// Go (server/cmd/pocketbase/*.go) runs a record's hooks at priority −50, the JavaScript ones at 0, Go again at 100;
// a mark set on a record travels with it through that chain and after its commit, and is never stored.

// Marks on a vote.

/** The idea's counted votes once this vote moved them (a number). Go's voteInner writes it (votes.go
 * recountAfterVote); the worth (pb_hooks/priority/vote-worth.js) and the author's vote (author-vote.pb.js) read it. */
export const VOTES_NOW_MARK = 'chorus_votes_now';
/** The exact count a vote that now counts made: its milestone (a number). Go writes it (votes.go
 * recountAfterVote); pb_hooks/votes/votes.pb.js reads it for the milestone webhook. */
export const VOTES_AFTER_MARK = 'chorus_votes_after';
/** The idea's worth became stale (true): the hooks set it (priority/vote-worth.js); Go wakes INSIGHTS_JOB once
 * the vote commits (votes.go). */
export const WAKE_INSIGHTS_MARK = 'chorus_wake_insights';
/** A milestone was queued (true): the hooks set it (webhooks/milestones.js); Go wakes WEBHOOKS_JOB once the
 * vote commits (votes.go). */
export const KICK_WEBHOOKS_MARK = 'chorus_kick_webhooks';

// Marks on an idea, a comment or a vote.

/** A save of an idea that changes only its counts (true): Go's recount (votes.go) and a comment's
 * (ideas/counters.js) set it; Go's saveCountsOnly writes the count columns alone. */
export const COUNTS_ONLY_MARK = 'chorus_counts_only';
/** Written by the importer (true): Go sets it on a superuser's request with X-Chorus-Import (import-mark.go);
 * the hooks then send no webhook, notification or mention (webhooks-events.pb.js, comment-notifications.pb.js,
 * mentions.pb.js, webhooks/milestones.js). */
export const IMPORT_MARK = 'chorus_import';
/** An idea's title or body changed (true): Go's own, set and read in vector_hooks.go to wake AI_INDEX_JOB. */
export const AI_EDITED_MARK = 'chorus_ai_edited';

// Jobs (cron ids), registered by the hooks with cronAdd and woken by either runtime (Go's runJob, the hooks'
// $jobs.wake through webhooks/kick.js).

/** Recomputes popular ideas' stale worth: pb_hooks/priority/insights.pb.js; woken by Go after a vote (votes.go). */
export const INSIGHTS_JOB = 'chorus_insights';
/** Delivers queued webhooks: pb_hooks/webhooks/webhooks-worker.pb.js; woken by Go after a vote, by the hooks otherwise. */
export const WEBHOOKS_JOB = 'chorus_webhooks';
/** Embeds new and edited ideas: pb_hooks/ai/ai.pb.js; woken by Go when an idea commits (vector_hooks.go). */
export const AI_INDEX_JOB = 'chorus_ai_index';
/** Keeps SQLite's planner statistics in step with the tables (Go: planner_stats.go, every ten minutes and at start);
 * run by hand (Settings → Crons, or POST /api/crons/<id> as a superuser) after a large import: `npm run import` does. */
export const PLANNER_STATS_JOB = 'chorus_planner_stats';

// Keys in PocketBase's store (app.store()).

/** 'chorus' once Chorus's own program runs (a string; a stock PocketBase has none): Go sets it at start (main.go);
 * pb_hooks/platform/server-program.js reads it, refusing votes where nothing would count them. */
export const PROGRAM_KEY = 'chorus.program';

/** Whether an AI provider is configured (a boolean): pb_hooks/ai/provider.js notes it at start; Go reads it
 * before waking AI_INDEX_JOB (vector_hooks.go). */
export const AI_CONFIGURED_KEY = 'chorus.ai.configured';
/** The version of what every member's page shell shows alike (VERSIONED_SHELL_COLLECTIONS): a random name, new
 * after each write to one and at each start (pb_hooks/site/shell-version.js), named in a member's session check
 * (server/cmd/pocketbase/session.go). */
export const SHELL_VERSION_KEY = 'chorus_shell_version';
/** The version of what staff's pages show alike beyond it (VERSIONED_STAFF_COLLECTIONS), likewise. */
export const STAFF_VERSION_KEY = 'chorus_staff_version';
