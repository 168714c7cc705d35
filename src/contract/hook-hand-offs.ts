// What PocketBase's hooks leave one another, written once (no imports; compiled to pb_hooks/platform/contract/ by
// `npm run contract`): the marks a hook sets on a record for a later hook of the same write (never stored), the
// ids of the cron jobs the hooks register and wake (webhooks/kick.js), and their keys in PocketBase's store.
// What Go and the hooks leave each other is in hand-offs.ts.

// Marks on a record.

/** A member's new idea starts with their vote (true): author-vote.pb.js sets and reads it; insights.pb.js
 * leaves the idea's worth row to that vote. */
export const AUTHOR_VOTE_MARK = 'chorus_author_vote';
/** Who wrote a record (a user id, '' for none): platform/staff.js recordActor sets it, actorOf reads it (audit, status
 * events); changelog.pb.js sets it on the ideas a release marks done. */
export const ACTOR_MARK = 'chorus_actor';
/** A status change nobody is told of on its own (true): changelog.pb.js sets it on the ideas a release marks done
 * (the release tells); status-events.pb.js then records no status event. */
export const QUIET_MARK = 'chorus_quiet';
/** The request's context for the audit log (JSON): audit/audit-writes.js sets it in the request hooks and reads
 * it after the write; trackers/engine.js sets it for a tracker's change. */
export const AUDIT_MARK = 'chorus_audit';
/** A status a tracker moved (true): trackers/engine.js sets it; trackers.pb.js does not move it back to the
 * tracker. */
export const TRACKER_CHANGE_MARK = 'chorus_tracker_change';
/** A new member chose their email preferences at sign-up (true), and their time zone (a zone name):
 * preferences.pb.js sets both in the request hook and reads them once the member is made. */
export const EXPLICIT_PREFERENCES_MARK = 'chorus_explicit_preferences';
export const TIME_ZONE_MARK = 'chorus_time_zone';

// Jobs (cron ids): each registered once with cronAdd, woken by the hooks that queue its work.

/** Delivers the alerts that fired: alerts.pb.js. */
export const ALERTS_JOB = 'chorus_alerts';
/** Sends the account emails queued by sign-ups and email changes: users.pb.js; account/taken-email.js. */
export const ACCOUNT_EMAILS_JOB = 'chorus_account_emails';
/** Sends release emails to changelog subscribers: changelog-subscribers.pb.js; changelog/release-mailer.js. */
export const RELEASE_EMAILS_JOB = 'chorus_release_emails';
/** Fans notifications out to their members: notification-fanout.pb.js; notifications/fanout.js. */
export const NOTIFY_JOB = 'chorus_notify';
/** Publishes changes to the edge: edge-publish.pb.js; platform/edge/edge-publish.js. */
export const EDGE_PUBLISH_JOB = 'chorus_edge_publish';
/** Checks new ideas for duplicates: duplicates.pb.js; duplicates/queue.js. */
export const DUPLICATES_JOB = 'chorus_duplicates';
/** Runs an admin's calibration of the AI model on the labelled pairs: ai.pb.js; calibration/run.js. */
export const AI_CALIBRATE_JOB = 'chorus_ai_calibrate';
/** Sends the digests: digests.pb.js. */
export const DIGESTS_JOB = 'chorus_digests';
/** Moves customers between segments as time passes: segments.pb.js. */
export const SEGMENTS_CLOCK_JOB = 'chorus_segments_clock';
/** The nightly clean-ups: the audit log's retention (audit.pb.js), unconfirmed changelog subscribers
 * (changelog-subscribers.pb.js), old inbound messages (inbound-email.pb.js), old webhook deliveries
 * (webhooks-worker.pb.js). */
export const AUDIT_RETENTION_JOB = 'chorus_audit_retention';
export const CHANGELOG_SUBSCRIBERS_CLEANUP_JOB = 'chorus_changelog_subscribers_cleanup';
export const INBOUND_MESSAGES_CLEANUP_JOB = 'chorus_inbound_messages_cleanup';
export const WEBHOOKS_CLEANUP_JOB = 'chorus_webhooks_cleanup';
/** The answers to customers where they asked (issue 58): feedback/answers/worker.js, woken after a status change. */
export const FEEDBACK_ANSWERS_JOB = 'chorus_feedback_answers';
/** Summarises long captured feedback with the chat model (issue 58): feedback/summary.js, woken after a capture. */
export const FEEDBACK_SUMMARIES_JOB = 'chorus_feedback_summaries';
/** HubSpot's full "sync now" (issue 58): customers/hubspot/hubspot.pb.js, woken when an admin asks. */
export const HUBSPOT_SYNC_JOB = 'chorus_hubspot_sync';

// Keys in PocketBase's store (app.store()).

/** The edge publisher's queue of waiting changes and its sequence number: platform/edge/edge-publish.js. */
export const EDGE_QUEUE_KEY = 'chorus_edge_queue';
export const EDGE_SEQ_KEY = 'chorus_edge_seq';
/** The health page's figures (health/health.js): the start time, PocketBase's version, mail and edge-publish
 * counters, and the slow figures kept for a minute. */
export const HEALTH_STARTED_KEY = 'chorus_health_started';
export const HEALTH_VERSION_KEY = 'chorus_health_pb_version';
export const HEALTH_MAIL_KEY = 'chorus_health_mail';
export const HEALTH_EDGE_KEY = 'chorus_health_edge';
export const HEALTH_SLOW_FIGURES_KEY = 'chorus_health_slow';
/** The AI indexer's claim on a run and its last error: ai/indexer.js (read by the AI status route). */
export const AI_INDEXING_KEY = 'chorus.ai.indexing';
export const AI_LAST_ERROR_KEY = 'chorus.ai.lastError';
/** The AI calibration run's claim (one at a time): calibration/run.js. */
export const AI_CALIBRATING_KEY = 'chorus.ai.calibrating';
/** The webhook worker's sleeping deliveries: webhooks/worker.js. */
export const WEBHOOKS_SLEEPING_KEY = 'chorus.webhooks.sleeping';
/** One run at a time sends release mailings: changelog/release-mailer.js. */
export const RELEASE_MAILER_RUNNING_KEY = 'chorus.release-mailer.running';
/** A status change's transaction queued answers to customers: the hook after its commit wakes their job
 * (feedback/feedback-answers.pb.js); and that job's sleeping run (feedback/answers/worker.js). */
export const FEEDBACK_ANSWERS_KICK_KEY = 'chorus.feedback-answers.kick';
export const FEEDBACK_ANSWERS_SLEEPING_KEY = 'chorus.feedback-answers.sleeping';
/** One run at a time of the duplicates job's checks (duplicates/queue.js): a run started while another one checks
 * (a minute's tick, a run started by hand) would pick the same waiting ideas and check each again. */
export const DUPLICATES_CHECKING_KEY = 'chorus.duplicates.checking';
/** One run at a time of the chat model's work (platform/one-run.js): the duplicates' confirmations
 * (duplicates/queue.js) and the inbox's summaries (feedback/feedback.pb.js). */
export const DUPLICATES_CONFIRMING_KEY = 'chorus.duplicates.confirming';
export const FEEDBACK_SUMMARIES_RUNNING_KEY = 'chorus.feedback-summaries.running';

// Token purposes.

/** A fresh sign-in's proof (a JWT claim): account/fresh-signin.js signs and checks it. */
export const FRESH_SIGNIN_PURPOSE = 'chorus_fresh_signin';
