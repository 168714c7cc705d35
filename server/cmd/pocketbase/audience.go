// The audiences' principals only read (the member audience's and each segment audience's: src/contract/audience.ts;
// docs: architecture/edge-cache): any request one signs with a method other than GET, HEAD or OPTIONS is refused, whatever the route, here in Go and not as a
// JavaScript router middleware, which would hold one of the hooks' runtimes for as long as each request lasts (a
// realtime stream: its whole life) and cost every request a call into the VM.
package main

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

func registerAudience(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// Default priority: after PocketBase's loadAuthToken middleware has read the request's token into e.Auth.
		se.Router.BindFunc(refusePrincipalWrites)
		return se.Next()
	})
}

// refusePrincipalWrites answers 403 to a write signed as a principal; every other request passes on.
func refusePrincipalWrites(e *core.RequestEvent) error {
	if !isPrincipal(e.Auth) {
		return e.Next()
	}
	switch e.Request.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return e.Next()
	}
	return e.ForbiddenError("This account only reads.", nil)
}

// isPrincipal: the member audience's principal, or a segment audience's (its hidden field names the segment).
func isPrincipal(auth *core.Record) bool {
	return auth != nil && (auth.Id == audiencePrincipalId || auth.GetString(principalSegmentField) != "")
}
