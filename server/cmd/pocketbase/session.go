// Whose is this sign-in, for the site's Worker (issue 59): GET /api/chorus/session answers a signed-in member's record
// as the site shows them (src/lib/pb/client.ts toSessionUser) and, in its `meta`, the shell's version and the member's
// audience. Every signed-in page view asks it once (src/lib/pb/session.ts verifySession: the Worker's gateway, or the
// middleware of a render of their own). It was an auth refresh, which signed a new token nobody kept and called into
// the hooks' JavaScript twice (the auth hook, the users' enrich): a millisecond of PocketBase's CPU a view; here the
// token PocketBase's own middleware verified is taken as it is (`npm run bench -- auth-refresh`, docs:
// architecture/edge-cache).
package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// ownView is what only the member sees beside what every member of their audience sees: their own idea waiting for
// review, their own comment staff hid, a question sent to them they have not answered (the idea page offers it:
// AskVoters.astro). Each is an indexed look-up: the partial indexes of
// pb_migrations/1764900110_create_audience_principal.js, and the user indexes of question_recipients and idea_answers.
const ownView = "EXISTS (SELECT 1 FROM posts WHERE author = {:id} AND approved = FALSE) OR " +
	"EXISTS (SELECT 1 FROM comments WHERE author = {:id} AND hidden = TRUE) OR " +
	"EXISTS (SELECT 1 FROM question_recipients r WHERE r.user = {:id} AND NOT EXISTS " +
	"(SELECT 1 FROM idea_answers a WHERE a.question = r.question AND a.user = {:id}))"

// segmentBoards are the segments the member is in that have a board of their own, the one thing a segment shows its
// members (segments also weigh votes and filter staff's lists, which no member's page shows): from the few segment
// boards (the partial index idx_boards_segment), each asked whether the member is in its segment (the unique index on
// segment, user). Started from the member's rows instead, it cost each check 0.2 ms more of PocketBase's CPU with
// 2,000 members in a segment.
const segmentBoards = "SELECT DISTINCT b.segment FROM boards b WHERE b.visibility = 'segment' AND EXISTS " +
	"(SELECT 1 FROM segment_members m WHERE m.segment = b.segment AND m.user = {:id})"

// audienceSql asks both in one statement: `own` is 1 when any ownView finds a row, `segments` segmentBoards' ids,
// comma-joined (four statements cost a check 0.10-0.19 ms of CPU, one 0-0.08 ms).
const audienceSql = "SELECT (" + ownView + ") AS own, " +
	"COALESCE((SELECT group_concat(segment) FROM (" + segmentBoards + ")), '') AS segments"

// sessionUser is the member's record with the fields the site reads of a session (toSessionUser), as their own auth
// answer shows them (their email included).
type sessionUser struct {
	CollectionID   string `json:"collectionId"`
	CollectionName string `json:"collectionName"`
	ID             string `json:"id"`
	Email          string `json:"email"`
	Name           string `json:"name"`
	Avatar         string `json:"avatar"`
	AvatarURL      string `json:"avatar_url"`
	Role           string `json:"role"`
	Locale         string `json:"locale"`
	Verified       bool   `json:"verified"`
	Blocked        bool   `json:"blocked"`
}

func registerSession(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET(sessionPath, answerSession)
		return se.Next()
	})
}

// answerSession answers { record, meta } for a member's own token (PocketBase verified it: e.Auth), 401 for none, an
// erased account's or anything but a member's (an API key's, a superuser's), 403 for an audience's principal, which
// may not sign in (site/audience.js refusePrincipalSignIn) and the users' auth rule, as a refresh would.
func answerSession(e *core.RequestEvent) error {
	user := e.Auth
	if user == nil || user.Collection().Name != "users" || user.GetString("api_key") != "" ||
		!user.GetDateTime("deleted_at").IsZero() {
		return e.UnauthorizedError("No member is signed in.", nil)
	}
	if isPrincipal(user) {
		return e.ForbiddenError("This account cannot sign in.", nil)
	}
	info, err := e.RequestInfo()
	if err != nil {
		return e.BadRequestError("", err)
	}
	if ok, _ := e.App.CanAccessRecord(user, info, user.Collection().AuthRule); !ok {
		return e.ForbiddenError("The request doesn't satisfy the collection requirements to authenticate.", nil)
	}
	audience, err := audienceOf(e.App, user)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]any{
		"record": sessionUser{
			CollectionID: user.Collection().Id, CollectionName: user.Collection().Name, ID: user.Id,
			Email: user.Email(), Name: user.GetString("name"), Avatar: user.GetString("avatar"),
			AvatarURL: user.GetString("avatar_url"), Role: user.GetString("role"), Locale: user.GetString("locale"),
			Verified: user.Verified(), Blocked: user.GetBool("blocked"),
		},
		"meta": map[string]string{shellVersionMeta: versionFor(e.App, user), audienceMeta: audience},
	})
}

// isActiveStaff: a moderator or admin who is not blocked (src/contract/access.ts isStaff, Go's one copy).
func isActiveStaff(user *core.Record) bool {
	role := user.GetString("role")
	return (role == "moderator" || role == "admin") && !user.GetBool("blocked")
}

// versionAt is the version kept at `key` in PocketBase's store, made the first time it is asked for (the hooks
// rename it after each write: pb_hooks/site/shell-version.js).
func versionAt(app core.App, key string) string {
	version, _ := app.Store().GetOrSet(key, func() any { return security.RandomString(20) }).(string)
	return version
}

// versionFor is the version a member's check names: the shell's, and for active staff a dot and staff's.
func versionFor(app core.App, user *core.Record) string {
	shell := versionAt(app, shellVersionKey)
	if isActiveStaff(user) {
		return shell + "." + versionAt(app, staffVersionKey)
	}
	return shell
}

// audienceOf is audienceMember for a verified, unblocked plain member who sees nothing of their own and is in no
// segment with a board; that segment's audience when they are in exactly one; "" for anyone else (staff, a member of
// two segments with boards, an unconfirmed or blocked account, the author of an idea waiting for review or of a
// hidden comment): their pages are rendered for them alone.
func audienceOf(app core.App, user *core.Record) (string, error) {
	if user.GetString("role") != "member" || !user.Verified() || user.GetBool("blocked") {
		return "", nil
	}
	var row struct {
		Own      bool   `db:"own"`
		Segments string `db:"segments"`
	}
	if err := app.DB().NewQuery(audienceSql).Bind(dbx.Params{"id": user.Id}).One(&row); err != nil {
		return "", err
	}
	if row.Own {
		return "", nil
	}
	if row.Segments == "" {
		return audienceMember, nil
	}
	if strings.Contains(row.Segments, ",") {
		return "", nil
	}
	return audienceSegmentPrefix + row.Segments, nil
}
