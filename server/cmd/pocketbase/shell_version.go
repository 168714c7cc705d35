// The shell's version for a visitor's render (issue 59): GET /api/chorus/shell-version answers anyone the version a
// member's session check names (session.go), without staff's part. A visitor's page asks it instead of reading the
// site record, the statuses, the tags and a visitor's boards and custom fields, which a Worker isolate keeps under it
// (src/lib/pb/kept-at-version.ts): one request where four were. It names when the shell last changed, nothing more.
package main

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

func registerShellVersion(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET(shellVersionPath, answerShellVersion)
		return se.Next()
	})
}

// answerShellVersion answers { shell_version }, the same to everyone, never to be stored (it changes with a write).
func answerShellVersion(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(http.StatusOK, map[string]string{shellVersionMeta: versionAt(e.App, shellVersionKey)})
}
