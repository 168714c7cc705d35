// GENERATED from src/contract/ by `npm run contract` (tools/lib/contract.mjs): edit those files, never this one.
// What the hooks and Go name alike (audience.ts, hand-offs.ts) and the vote rules they share (vote-rules.ts).

package main

// From src/contract/audience.ts.

// Where a member's session check (its `meta`) names their audience: AUDIENCE_MEMBER, a segment's audience
// (segmentAudience), or an empty string (rendered per person).
const audienceMeta = "audience"

// A member's session check (server/cmd/pocketbase/session.go; src/lib/pb/session.ts asks it): their record as the
// site shows them, and the `meta` naming their shell's version and audience. Every signed-in page view asks it once.
const sessionPath = "/api/chorus/session"

// The shell's version for a visitor's render (server/cmd/pocketbase/shell_version.go answers anyone): what a member's
// check names under SHELL_VERSION_META, without staff's part. A visitor's page reads it instead of the site record, the
// statuses, the tags and a visitor's boards and custom fields, which a Worker isolate keeps under it (src/middleware.ts).
const shellVersionPath = "/api/chorus/shell-version"

// Where a member's session check (its `meta`: server/cmd/pocketbase/session.go) names the version of what pages show
// alike for a whole audience (pb_hooks/site/shell-version.js renames it): a Worker isolate keeps the site record, the
// statuses, the tags and the member audience's and staff's boards and custom fields under it, and reads them again
// only when it changes (src/lib/pb/kept-at-version.ts). A member's version follows VERSIONED_SHELL_COLLECTIONS
// (src/contract/cache-tags.ts); staff's is that version, a dot and the version of VERSIONED_STAFF_COLLECTIONS, under
// which their segment choices, scoring formula and tracker connections are kept: an admin's change to those renews
// no member's version (nor any cached copy).
const shellVersionMeta = "shell_version"

// A verified, unblocked member with the role `member` in no segment that has a board: they see what every such member
// sees.
const audienceMember = "member"

// The member audience's principal (a users record a migration makes): the Worker renders members' copies as it.
const audiencePrincipalId = "audiencemember0"

// A segment audience's name begins so, then names the segment's id.
const audienceSegmentPrefix = "segment:"

// The users field (hidden, set by PocketBase alone) naming the segment an account is the principal of: a segment
// audience's principal sees that segment's boards as its members do, and like the member audience's principal it
// holds nothing personal, may not sign in and may write nothing.
const principalSegmentField = "audience_segment"

// From src/contract/hand-offs.ts.

// The idea's counted votes once this vote moved them (a number). Go's voteInner writes it (votes.go
// recountAfterVote); the worth (pb_hooks/priority/vote-worth.js) and the author's vote (author-vote.pb.js) read it.
const votesNowMark = "chorus_votes_now"

// The exact count a vote that now counts made: its milestone (a number). Go writes it (votes.go
// recountAfterVote); pb_hooks/votes/votes.pb.js reads it for the milestone webhook.
const votesAfterMark = "chorus_votes_after"

// The idea's worth became stale (true): the hooks set it (priority/vote-worth.js); Go wakes INSIGHTS_JOB once
// the vote commits (votes.go).
const wakeInsightsMark = "chorus_wake_insights"

// A milestone was queued (true): the hooks set it (webhooks/milestones.js); Go wakes WEBHOOKS_JOB once the
// vote commits (votes.go).
const kickWebhooksMark = "chorus_kick_webhooks"

// A save of an idea that changes only its counts (true): Go's recount (votes.go) and a comment's
// (ideas/counters.js) set it; Go's saveCountsOnly writes the count columns alone.
const countsOnlyMark = "chorus_counts_only"

// Written by the importer (true): Go sets it on a superuser's request with X-Chorus-Import (import-mark.go);
// the hooks then send no webhook, notification or mention (webhooks-events.pb.js, comment-notifications.pb.js,
// mentions.pb.js, webhooks/milestones.js).
const importMark = "chorus_import"

// An idea's title or body changed (true): Go's own, set and read in vector_hooks.go to wake AI_INDEX_JOB.
const aiEditedMark = "chorus_ai_edited"

// Recomputes popular ideas' stale worth: pb_hooks/priority/insights.pb.js; woken by Go after a vote (votes.go).
const insightsJob = "chorus_insights"

// Delivers queued webhooks: pb_hooks/webhooks/webhooks-worker.pb.js; woken by Go after a vote, by the hooks otherwise.
const webhooksJob = "chorus_webhooks"

// Embeds new and edited ideas: pb_hooks/ai/ai.pb.js; woken by Go when an idea commits (vector_hooks.go).
const aiIndexJob = "chorus_ai_index"

// Keeps SQLite's planner statistics in step with the tables (Go: planner_stats.go, every ten minutes and at start);
// run by hand (Settings → Crons, or POST /api/crons/<id> as a superuser) after a large import: `npm run import` does.
const plannerStatsJob = "chorus_planner_stats"

// 'chorus' once Chorus's own program runs (a string; a stock PocketBase has none): Go sets it at start (main.go);
// pb_hooks/platform/server-program.js reads it, refusing votes where nothing would count them.
const programKey = "chorus.program"

// Whether an AI provider is configured (a boolean): pb_hooks/ai/provider.js notes it at start; Go reads it
// before waking AI_INDEX_JOB (vector_hooks.go).
const aiConfiguredKey = "chorus.ai.configured"

// The version of what every member's page shell shows alike (VERSIONED_SHELL_COLLECTIONS): a random name, new
// after each write to one and at each start (pb_hooks/site/shell-version.js), named in a member's session check
// (server/cmd/pocketbase/session.go).
const shellVersionKey = "chorus_shell_version"

// The version of what staff's pages show alike beyond it (VERSIONED_STAFF_COLLECTIONS), likewise.
const staffVersionKey = "chorus_staff_version"

// From src/contract/vote-rules.ts.

// Whether a new vote or reaction by the member {:user} counts (one row, `counts`): their email is confirmed, or
// the site lets unverified members post. No row: no such member (the record's own validation refuses it). Staff
// voting on a member's behalf and the operator's writes count whatever this says (votes.go decideCounted).
const countsNowSql = "SELECT (u.verified OR COALESCE((SELECT allow_unverified_posting FROM site LIMIT 1), FALSE)) AS counts FROM users u WHERE u.id = {:user}"

// An idea with this many counted votes or more moves its count by one per vote instead of recounting its rows
// (votes.go); one with more has its worth marked stale for the insights job instead of recomputed inside the
// vote (priority/insights-queue.js).
const inlineVotes = 1000

// The trending ("hot") score's epoch (2025-11-22, keeps scores small) and decay: an idea TRENDING_DECAY_SECONDS
// newer needs ten times fewer points to rank equally.
const trendingEpoch = 1763800000

const trendingDecaySeconds = 172800
