// The ideas' vectors kept in step with the ideas (issue 38), in Go so a vote's save of its idea starts no JavaScript:
// an edit of an idea's title or body marks its vector stale in the edit's transaction; once a new or edited idea
// commits, the aiIndexJob (pb_hooks/ai/ai.pb.js) runs on its own goroutine; a deleted idea or vector leaves
// Go's index ($vectors, vectors.go).
package main

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// aiConfigured reads aiConfiguredKey (src/contract/hand-offs.ts), where pb_hooks/ai/ai.pb.js notes, at start, whether
// pb_hooks/ai/provider.js has a provider (named by CHORUS_AI_URL, or Workers AI through the site's Worker by
// default; `off` for none): one decision, read here, not a second reading of the environment.
func aiConfigured(app core.App) bool {
	configured, _ := app.Store().Get(aiConfiguredKey).(bool)
	return configured
}

func registerVectorHooks(app core.App, index *vectorIndex) {
	app.OnRecordUpdate("posts").Bind(&hook.Handler[*core.RecordEvent]{
		Func: func(e *core.RecordEvent) error {
			before := e.Record.Original()
			edited := e.Record.GetString("title") != before.GetString("title") ||
				e.Record.GetString("body") != before.GetString("body")
			if err := e.Next(); err != nil || !edited {
				return err
			}
			e.Record.Set(aiEditedMark, true)
			_, err := e.App.DB().NewQuery(
				"UPDATE post_vectors SET text_hash = 'stale:' || text_hash WHERE post = {:post} AND text_hash NOT LIKE 'stale:%'",
			).Bind(dbx.Params{"post": e.Record.Id}).Execute()
			return err
		},
	})
	app.OnRecordAfterUpdateSuccess("posts").Bind(&hook.Handler[*core.RecordEvent]{
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			if e.Record.Get(aiEditedMark) == true && aiConfigured(e.App) {
				runJob(e.App, aiIndexJob)
			}
			return nil
		},
	})
	app.OnRecordAfterCreateSuccess("posts").Bind(&hook.Handler[*core.RecordEvent]{
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			if aiConfigured(e.App) {
				runJob(e.App, aiIndexJob)
			}
			return nil
		},
	})
	app.OnRecordAfterDeleteSuccess("posts").Bind(&hook.Handler[*core.RecordEvent]{
		Func: func(e *core.RecordEvent) error {
			index.Remove(e.Record.Id)
			return e.Next()
		},
	})
	app.OnRecordAfterDeleteSuccess("post_vectors").Bind(&hook.Handler[*core.RecordEvent]{
		Func: func(e *core.RecordEvent) error {
			index.Remove(e.Record.GetString("post"))
			return e.Next()
		},
	})
}
