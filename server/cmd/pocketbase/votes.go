// A vote's hot path in Go (issue 35): whether it counts, its transaction, the idea's counts and the voter's follow, and waking the jobs it made work for once it commits. The worth and the milestone webhook stay in pb_hooks/votes.pb.js, which runs inside this transaction after the count.
//
// Where each rule lives: this file is the one home of a vote's counting (the counts an idea shows, the follow,
// whether a vote counts). pb_hooks/lib/ideas/counted.js keeps the same "does it count" rule for reactions and
// for a member's rows changing when they confirm their email (it saves the votes, and this file recounts them);
// pb_hooks/lib/ideas/counters.js keeps the trending formula for comments (trendingScore below is the same formula:
// change both). The worth (lib/priority/insights-queue.js) and the milestone (lib/webhooks/milestones.js) read
// the count this file leaves on the vote (chorus_votes_now, chorus_votes_after).
//
// The handlers nest around the JavaScript ones (priority 0): voteOuter (first) decides `counted` and opens the
// transaction; votes.pb.js then runs; voteInner (last, next to the save) writes the vote and counts it. So the
// JavaScript reads the counts once they are made, still inside the vote's transaction.
package main

import (
	"fmt"
	"math"
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const (
	// inlineVotes: an idea with at least this many counted votes moves its count by one per vote instead of
	// recounting its rows (lib/priority/insights-queue.js INLINE_VOTES decides the worth the same way).
	inlineVotes = 1000
	// The trending score (lib/ideas/counters.js trendingScore, the same formula).
	trendingEpoch        = 1763800000
	trendingDecaySeconds = 2 * 24 * 3600
	insightsJob          = "chorus_insights"
	webhooksJob          = "chorus_webhooks"
)

func registerVotes(app core.App) {
	// A vote the operator writes (an import, the admin UI) is vouched for: the request's mark alone, never stored.
	app.OnRecordCreateRequest("votes").Bind(&hook.Handler[*core.RecordRequestEvent]{
		Func: func(e *core.RecordRequestEvent) error {
			e.Record.Set("operator_vouched", e.HasSuperuserAuth())
			return e.Next()
		},
	})

	app.OnRecordCreate("votes").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: -50,
		Func: func(e *core.RecordEvent) error {
			decideCounted(e.App, e.Record)
			return withinTransaction(e)
		},
	})
	app.OnRecordCreate("votes").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: 100,
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			if e.Record.GetBool("counted") {
				if err := recountAfterVote(e.App, e.Record, 1); err != nil {
					return err
				}
			}
			return ensureSubscribed(e.App, e.Record.GetString("post"), e.Record.GetString("user"))
		},
	})

	// The member confirmed their email (or lost it): the vote starts (or stops) counting.
	app.OnRecordUpdate("votes").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: -50,
		Func: func(e *core.RecordEvent) error {
			if !countedChanged(e.Record) {
				return e.Next()
			}
			return withinTransaction(e)
		},
	})
	app.OnRecordUpdate("votes").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: 100,
		Func: func(e *core.RecordEvent) error {
			if !countedChanged(e.Record) {
				return e.Next()
			}
			if err := e.Next(); err != nil {
				return err
			}
			delta := -1
			if e.Record.GetBool("counted") {
				delta = 1
			}
			return recountAfterVote(e.App, e.Record, delta)
		},
	})

	app.OnRecordDelete("votes").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: -50,
		Func: func(e *core.RecordEvent) error {
			if !e.Record.GetBool("counted") {
				return e.Next()
			}
			return withinTransaction(e)
		},
	})
	app.OnRecordDelete("votes").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: 100,
		Func: func(e *core.RecordEvent) error {
			if !e.Record.GetBool("counted") {
				return e.Next()
			}
			if err := e.Next(); err != nil {
				return err
			}
			return recountAfterVote(e.App, e.Record, -1)
		},
	})

	app.OnRecordUpdateExecute("posts").Bind(&hook.Handler[*core.RecordEvent]{Priority: 50, Func: writeCountsOnly})

	// Once a vote has committed: a popular idea's stale worth is recomputed beside the request, and a milestone
	// it queued goes out (each job on its own goroutine, as PocketBase's POST /api/crons/{id} runs it).
	wake := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if e.Record.Get("chorus_wake_insights") == true {
			runJob(e.App, insightsJob)
		}
		if e.Record.Get("chorus_kick_webhooks") == true {
			runJob(e.App, webhooksJob)
		}
		return nil
	}
	app.OnRecordAfterCreateSuccess("votes").BindFunc(wake)
	app.OnRecordAfterUpdateSuccess("votes").BindFunc(wake)
	app.OnRecordAfterDeleteSuccess("votes").BindFunc(wake)
}

// countsOnly marks a post saved by recountAfterVote (and by a comment's recount, pb_hooks/lib/ideas/counters.js
// saveCounts, under the same name): its write sets only the columns a count changes (every hook,
// live event and after-commit hook of the save still runs). The search index's trigger is not compiled for it
// (pb_migrations/1764780000_search_trigger_on_text_only.js), which was a tenth of a vote's CPU.
const countsOnly = "chorus_counts_only"

var countColumns = []string{"vote_count", "comment_count", "trending_score", "updated"}

// writeCountsOnly replaces PocketBase's full-row UPDATE for a post marked countsOnly, when nothing but the count
// columns changed (a hook of the save that changed anything else gets the full-row write).
func writeCountsOnly(e *core.RecordEvent) error {
	if e.Record.Get(countsOnly) != true || !onlyCountsChanged(e.Record) {
		return e.Next()
	}
	params := dbx.Params{}
	for _, column := range countColumns {
		params[column] = e.Record.GetRaw(column)
	}
	_, err := e.App.NonconcurrentDB().Update("posts", params, dbx.HashExp{"id": e.Record.LastSavedPK()}).
		WithContext(e.Context).Execute()
	return err
}

func onlyCountsChanged(post *core.Record) bool {
	original := post.Original()
	for _, field := range post.Collection().Fields {
		name := field.GetName()
		if slices.Contains(countColumns, name) {
			continue
		}
		if fmt.Sprint(post.GetRaw(name)) != fmt.Sprint(original.GetRaw(name)) {
			return false
		}
	}
	return true
}

func countedChanged(record *core.Record) bool {
	return record.GetBool("counted") != record.Original().GetBool("counted")
}

// withinTransaction runs the rest of the hook chain (the JavaScript hooks and the write) in one transaction,
// reusing the caller's inside a batch or a cascade.
func withinTransaction(e *core.RecordEvent) error {
	return e.App.RunInTransaction(func(txApp core.App) error {
		outer := e.App
		e.App = txApp
		defer func() { e.App = outer }()
		return e.Next()
	})
}

// decideCounted sets a new vote's `counted` by the rule, whatever a client sent: staff voting on a member's
// behalf and the operator's writes count; otherwise a confirmed email or the site's switch decides.
func decideCounted(app core.App, vote *core.Record) {
	vouched := vote.GetString("on_behalf_by") != "" || vote.Get("operator_vouched") == true
	vote.Set("counted", vouched || countsNow(app, vote.GetString("user")))
}

func countsNow(app core.App, userID string) bool {
	var verified, open bool
	err := app.DB().NewQuery(
		"SELECT u.verified, COALESCE((SELECT allow_unverified_posting FROM site LIMIT 1), FALSE) "+
			"FROM users u WHERE u.id = {:user}").Bind(dbx.Params{"user": userID}).Row(&verified, &open)
	if err != nil {
		return false // no such member: the row's own validation refuses it
	}
	return verified || open
}

// recountAfterVote: `delta` +1 for a vote that now counts, -1 for one that no longer does. An idea with fewer
// than inlineVotes counted votes is recounted from its rows; a more popular one moves by delta (exact: every
// vote's transaction runs after the last one committed). Leaves the count on the vote for the JavaScript.
func recountAfterVote(app core.App, vote *core.Record, delta int) error {
	postID := vote.GetString("post")
	post, err := app.FindRecordById("posts", postID)
	if err != nil {
		return nil // the post itself is being deleted (cascade)
	}
	votes := post.GetInt("vote_count")
	comments := post.GetInt("comment_count")
	if votes >= inlineVotes {
		votes = max(0, votes+delta)
	} else {
		err := app.DB().NewQuery(
			"SELECT (SELECT COUNT(*) FROM votes WHERE post = {:id} AND counted = TRUE), "+
				"(SELECT COUNT(*) FROM comments WHERE post = {:id} AND internal = FALSE AND hidden = FALSE)").
			Bind(dbx.Params{"id": postID}).Row(&votes, &comments)
		if err != nil {
			return err
		}
	}
	post.Set("vote_count", votes)
	post.Set("comment_count", comments)
	post.Set("trending_score", trendingScore(votes, comments, post.GetDateTime("created").Time().Unix()))
	post.Set(countsOnly, true)
	err = app.SaveNoValidate(post)
	post.Set(countsOnly, nil)
	if err != nil {
		return err
	}
	vote.Set("chorus_votes_now", votes)
	if delta > 0 {
		vote.Set("chorus_votes_after", votes) // the exact count this vote made: its milestone
	}
	return nil
}

// trendingScore is lib/ideas/counters.js trendingScore (Math.round: halves up).
func trendingScore(votes, comments int, createdUnix int64) float64 {
	points := math.Max(1, float64(votes)+float64(comments)/2)
	score := math.Log10(points) + float64(createdUnix-trendingEpoch)/trendingDecaySeconds
	return math.Floor(score*1e6+0.5) / 1e6
}

// ensureSubscribed makes the voter follow the idea, once (lib/notifications/subscriptions.js for the others).
func ensureSubscribed(app core.App, postID, userID string) error {
	var found int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM subscriptions WHERE post = {:post} AND user = {:user}").
		Bind(dbx.Params{"post": postID, "user": userID}).Row(&found)
	if err != nil || found > 0 {
		return err
	}
	collection, err := app.FindCachedCollectionByNameOrId("subscriptions")
	if err != nil {
		return err
	}
	subscription := core.NewRecord(collection)
	subscription.Set("post", postID)
	subscription.Set("user", userID)
	return app.SaveNoValidate(subscription)
}
