// The importer's mark: a new idea, comment or vote that a superuser request writes with the X-Chorus-Import header (tools/lib/import) carries importMark (src/contract/hand-offs.ts) through its hooks, which then send no webhook, notification or mention (pb_hooks/webhooks/webhooks-events.pb.js, comment-notifications.pb.js, mentions.pb.js, webhooks/milestones.js). In Go so that a vote pays no JavaScript runtime for a header only the importer sends.
package main

import (
	"github.com/pocketbase/pocketbase/core"
)

func registerImportMark(app core.App) {
	app.OnRecordCreateRequest("posts", "comments", "votes").BindFunc(func(e *core.RecordRequestEvent) error {
		if e.HasSuperuserAuth() && e.Request.Header.Get("X-Chorus-Import") != "" {
			e.Record.Set(importMark, true)
		}
		return e.Next()
	})
}
