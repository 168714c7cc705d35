// A vote's hot path in Go (issue 35): whether it counts, its transaction, the idea's counts and the voter's follow, waking the jobs it made work for once it commits, and its answer (the idea's count and version after it). The worth and the milestone webhook stay in pb_hooks/votes/votes.pb.js, which runs inside this transaction after the count.
//
// Where each rule lives: this file is the one home of a vote's counting (the counts an idea shows, the follow).
// The rules it shares with the hooks are written once in src/contract/vote-rules.ts and reach Go through
// contract_gen.go: whether a new row counts (countsNowSql, which votes/counted.js runs for reactions), the
// inline-count threshold (inlineVotes, priority/insights-queue.js's too), the trending score's constants
// (trendingScore below is its one Go copy, checked against the contract's answers by contract_test.go). The worth
// (priority/insights-queue.js) and the milestone (webhooks/milestones.js) read the count this file leaves
// on the vote (votesNowMark, votesAfterMark: src/contract/hand-offs.ts).
//
// The handlers nest around the JavaScript ones (priority 0): voteOuter (first) decides `counted` and opens the
// transaction; votes.pb.js then runs; voteInner (last, next to the save) writes the vote and counts it. So the
// JavaScript reads the counts once they are made, still inside the vote's transaction.
package main

import (
	"database/sql"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/types"
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

	// Right after PocketBase's own field handlers (-99), before every JavaScript hook (0) and vector_hooks.go.
	app.OnRecordUpdate("posts").Bind(&hook.Handler[*core.RecordEvent]{Priority: -98, Func: saveCountsOnly})

	// Once a vote has committed: a popular idea's stale worth is recomputed beside the request, and a milestone
	// it queued goes out (each job on its own goroutine, as PocketBase's POST /api/crons/{id} runs it).
	wake := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if e.Record.Get(wakeInsightsMark) == true {
			runJob(e.App, insightsJob)
		}
		if e.Record.Get(kickWebhooksMark) == true {
			runJob(e.App, webhooksJob)
		}
		return nil
	}
	app.OnRecordAfterCreateSuccess("votes").BindFunc(wake)
	app.OnRecordAfterUpdateSuccess("votes").BindFunc(wake)
	app.OnRecordAfterDeleteSuccess("votes").BindFunc(wake)

	// The vote's answer and the take-back's carry the idea's count and version after it (ideaAnswerKey), for the
	// voter's open page. The take-back's handler is the last of its chain (after the hooks' at 0).
	app.OnRecordEnrich("votes").BindFunc(answerWithIdea)
	app.OnRecordDeleteRequest("votes").Bind(&hook.Handler[*core.RecordRequestEvent]{Priority: 100, Func: takeBack})
}

// ideaAnswerKey names the idea's count and version after a vote or a take-back in the vote's answer: the create's
// answer (the vote, with it beside the vote's fields) and the take-back's (alone). The voter's page takes them as
// the server's word on the count (src/features/votes/votes-data.ts) with no read of the idea of its own. Absent,
// or null in a take-back's answer, when the write moved no count (a vote held until its member confirms their email).
const ideaAnswerKey = "idea"

// ideaAnswer is an idea's count and version (its `updated`, stampUpdated) once a vote moved the count.
type ideaAnswer struct {
	VoteCount int            `json:"vote_count"`
	Updated   types.DateTime `json:"updated"`
}

// answerWithIdea lets a vote's answer carry the ideaAnswer recountAfterVote left on it, and no other data the
// write left on the record (the marks). Only a create's own answer (a POST, alone or in a batch) is looked at: a
// list, a view or a live event reads the stored row, which never holds one, and passes straight on.
func answerWithIdea(e *core.RecordEnrichEvent) error {
	if e.RequestInfo == nil || e.RequestInfo.Method != http.MethodPost {
		return e.Next()
	}
	if _, ok := e.Record.Get(ideaAnswerKey).(ideaAnswer); ok {
		e.Record.WithCustomData(true)
		for key := range e.Record.CustomData() {
			if key != ideaAnswerKey {
				e.Record.Hide(key)
			}
		}
	}
	return e.Next()
}

// takeBack ends a vote's delete request in place of PocketBase's own end of the chain (apis/record_crud.go
// recordDelete: the delete, then 204 with nothing), and so, as that end does, calls no e.Next(): nothing is bound
// after it (priority 100, the last; a handler added later must bind below 100 to run), answering 200 with the idea's count and version after it
// (`{"idea": null}` when the vote moved no count). Everything else stays PocketBase's: the delete rule was checked
// before the chain began (a vote the caller may not take back is a 404, as before), the handlers before this one (the
// hooks' at 0) ran, and a refusal from the delete is answered as PocketBase answers it. The SDK's delete() takes any
// 2xx and drops the body; the site reads it (src/features/votes/votes-data.ts deleteVote).
func takeBack(e *core.RecordRequestEvent) error {
	if err := e.App.Delete(e.Record); err != nil {
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) {
			return apiErr
		}
		return e.BadRequestError("Failed to delete record. Make sure that the record is not part of a required relation reference.", err)
	}
	var idea *ideaAnswer
	if answer, ok := e.Record.Get(ideaAnswerKey).(ideaAnswer); ok {
		idea = &answer
	}
	return e.JSON(http.StatusOK, map[string]any{ideaAnswerKey: idea})
}

// countsOnlyMark (src/contract/hand-offs.ts) marks a post saved by recountAfterVote (and by a comment's recount,
// pb_hooks/ideas/counters.js saveCounts): a save that changes only the count columns. Its after-commit hooks
// and PocketBase's realtime event still run; the hooks of the save itself do not (saveCountsOnly).
var countColumns = []string{"vote_count", "comment_count", "trending_score", "updated"}

// saveCountsOnly is the whole save of a post marked countsOnlyMark when nothing but its counts changed: an UPDATE of
// the count columns (never the full row, whose write also ran the search index's trigger,
// pb_migrations/1764780000_search_trigger_on_text_only.js) and the counts of its live copy, when it has one.
// The rest of the hook chain is not run. Each JavaScript hook of a post's update acts only on a change to
// other fields (its board, text, status, tags, author, approval; the live copy's other fields), and each
// call into the VM cost a vote about 0.2 ms. A save that changes anything else runs the whole chain.
func saveCountsOnly(e *core.RecordEvent) error {
	stampUpdated(e.Record)
	if e.Record.Get(countsOnlyMark) != true || !onlyCountsChanged(e.Record) {
		return e.Next()
	}
	params := dbx.Params{}
	for _, column := range countColumns {
		params[column] = e.Record.GetRaw(column)
	}
	return e.App.RunInTransaction(func(txApp core.App) error {
		_, err := txApp.NonconcurrentDB().Update("posts", params, dbx.HashExp{"id": e.Record.LastSavedPK()}).
			WithContext(e.Context).Execute()
		if err != nil {
			return err
		}
		return syncLiveCounts(txApp, e.Record)
	})
}

// stampUpdated moves a post's `updated` past its last value at the millisecond it is stored to, on every save (the
// autodate field keeps a value set by hand): no two states of an idea share one. Open pages take it as the version of
// what they show and drop a live event older than that (src/stores/posts.ts); its live copy carries the same.
func stampUpdated(post *core.Record) {
	last := post.Original().GetDateTime("updated")
	if !post.GetDateTime("updated").Equal(last) {
		return // set on purpose (an import): kept
	}
	post.SetRaw("updated", nextUpdated(last.Time(), time.Now()))
}

// nextUpdated is `now` at the millisecond, or a millisecond past `last` when that is not later.
func nextUpdated(last, now time.Time) types.DateTime {
	last = last.UTC().Truncate(time.Millisecond)
	now = now.UTC().Truncate(time.Millisecond)
	if !now.After(last) {
		now = last.Add(time.Millisecond)
	}
	next, _ := types.ParseDateTime(now)
	return next
}

// syncLiveCounts copies a public idea's counts onto its live copy (pb_hooks/platform/edge/post-live.js, which
// keeps vote_count and comment_count among its FIELDS; a count changes nothing else of the copy, nor whether
// the idea is public). The copy's own save runs its hooks: the live event to open pages.
func syncLiveCounts(app core.App, post *core.Record) error {
	live, err := app.FindRecordById("post_live", post.Id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // not public: no live copy
	}
	if err != nil {
		return err
	}
	votes, comments := post.GetInt("vote_count"), post.GetInt("comment_count")
	if live.GetInt("vote_count") == votes && live.GetInt("comment_count") == comments {
		return nil
	}
	live.Set("vote_count", votes)
	live.Set("comment_count", comments)
	live.SetRaw("updated", post.GetDateTime("updated")) // the idea's version (stampUpdated)
	return app.SaveNoValidate(live)
}

func onlyCountsChanged(post *core.Record) bool {
	original := post.Original()
	for _, field := range post.Collection().Fields {
		name := field.GetName()
		if slices.Contains(countColumns, name) {
			continue
		}
		if !sameRaw(post.GetRaw(name), original.GetRaw(name)) {
			return false
		}
	}
	return true
}

// sameRaw says whether two raw field values are the same: the kinds an idea's fields hold compared as they
// are (every vote and comment asks, so no formatting), anything else by its printed form.
func sameRaw(a, b any) bool {
	switch x := a.(type) {
	case string:
		return sameAs(x, b)
	case bool:
		return sameAs(x, b)
	case float64:
		return sameAs(x, b)
	case int:
		return sameAs(x, b)
	case []string:
		y, ok := b.([]string)
		return ok && slices.Equal(x, y)
	case types.DateTime:
		y, ok := b.(types.DateTime)
		return ok && x.Equal(y)
	case types.JSONRaw:
		y, ok := b.(types.JSONRaw)
		return ok && string(x) == string(y)
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// sameAs: b holds the same comparable value as x.
func sameAs[T comparable](x T, b any) bool {
	y, ok := b.(T)
	return ok && x == y
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
	var counts bool
	if err := app.DB().NewQuery(countsNowSql).Bind(dbx.Params{"user": userID}).Row(&counts); err != nil {
		return false // no such member: the row's own validation refuses it
	}
	return counts
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
	post.Set(countsOnlyMark, true)
	err = app.SaveNoValidate(post)
	post.Set(countsOnlyMark, nil)
	if err != nil {
		return err
	}
	vote.Set(votesNowMark, votes)
	vote.Set(ideaAnswerKey, ideaAnswer{VoteCount: votes, Updated: post.GetDateTime("updated")})
	if delta > 0 {
		vote.Set(votesAfterMark, votes) // the exact count this vote made: its milestone
	}
	return nil
}

// trendingScore is src/contract/vote-rules.ts trendingScore (Math.round: halves up), which the hooks run; its
// answers for the same inputs are checked by contract_test.go.
func trendingScore(votes, comments int, createdUnix int64) float64 {
	points := math.Max(1, float64(votes)+float64(comments)/2)
	score := math.Log10(points) + float64(createdUnix-trendingEpoch)/trendingDecaySeconds
	return math.Floor(score*1e6+0.5) / 1e6
}

// ensureSubscribed makes the voter follow the idea, once (notifications/subscriptions.js for the others).
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
