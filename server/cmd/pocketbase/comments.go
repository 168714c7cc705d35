// A comment's counting in Go (issue 35): the idea's public comment count and trending score in the comment's
// transaction, the commenter's follow, and edited_at. It was pb_hooks/comments.pb.js and comments-hidden.pb.js,
// two calls into the JavaScript VM on every comment that did nothing JavaScript needs.
//
// Like a vote (votes.go): the first handler opens the transaction before the JavaScript hooks (priority 0) and
// the last, next to the save, recounts once the comment is written, so the JavaScript around it (notifications,
// mentions) runs inside the same transaction. The count is of public comments (neither internal nor hidden),
// the number members see; the idea's save of its counts alone is saveCountsOnly's (votes.go), which is also
// how open pages learn that a hidden comment left (members get no event for it).
package main

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"
)

func registerComments(app core.App) {
	app.OnRecordCreate("comments").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: -50,
		Func: func(e *core.RecordEvent) error {
			e.Record.Set("edited_at", "") // only an edit sets it
			return withinTransaction(e)
		},
	})
	app.OnRecordCreate("comments").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: 100,
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			post := e.Record.GetString("post")
			if err := recountComments(e.App, post); err != nil {
				return err
			}
			return ensureSubscribed(e.App, post, e.Record.GetString("author"))
		},
	})

	app.OnRecordUpdate("comments").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: -50,
		Func: func(e *core.RecordEvent) error {
			if e.Record.GetString("body") != e.Record.Original().GetString("body") {
				e.Record.Set("edited_at", types.NowDateTime())
			}
			if !publicnessChanged(e.Record) {
				return e.Next()
			}
			return withinTransaction(e)
		},
	})
	app.OnRecordUpdate("comments").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: 100,
		Func: func(e *core.RecordEvent) error {
			if !publicnessChanged(e.Record) {
				return e.Next()
			}
			if err := e.Next(); err != nil {
				return err
			}
			return recountComments(e.App, e.Record.GetString("post"))
		},
	})

	app.OnRecordDelete("comments").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: -50,
		Func:     withinTransaction,
	})
	app.OnRecordDelete("comments").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: 100,
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			return recountComments(e.App, e.Record.GetString("post"))
		},
	})
}

// publicnessChanged: the comment became (or stopped being) internal or hidden, so the public count may move.
func publicnessChanged(comment *core.Record) bool {
	original := comment.Original()
	return comment.GetBool("internal") != original.GetBool("internal") ||
		comment.GetBool("hidden") != original.GetBool("hidden")
}

// recountComments counts the idea's public comments (index comments (post, internal, hidden)) and saves its
// counts; its vote_count is exact already (every vote's transaction moves it). Nothing when the idea itself
// is being deleted (a cascade).
func recountComments(app core.App, postID string) error {
	post, err := app.FindRecordById("posts", postID)
	if err != nil {
		return nil
	}
	var comments int
	err = app.DB().NewQuery(
		"SELECT COUNT(*) FROM comments WHERE post = {:id} AND internal = FALSE AND hidden = FALSE").
		Bind(dbx.Params{"id": postID}).Row(&comments)
	if err != nil {
		return err
	}
	return saveCounts(app, post, post.GetInt("vote_count"), comments)
}
