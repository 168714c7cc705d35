// The idea page's reads answered in Go (issue 59): an idea's comments a page at a time, its voters, and the first
// page of both beside the idea itself. Their routes stay in the hooks (comments/comment-pages.js,
// votes/voters.pb.js, ideas/idea-page.js), which read the request, decide who the caller is and refuse in the
// request's language; the reading and the answer happen here, as $ideaReads.
// In the hooks they were half of PocketBase's CPU for a member's idea page (Go's profiler): mostly 50 comments
// read as records and encoded from them, which the comments here skip by reading rows (npm run bench -- page-cost
// --base: 14.5 → 11.3 ms of PocketBase's CPU a view).
package main

import (
	"net/http"

	"github.com/dop251/goja"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// commentPageRequest is what the hooks read of a comments request: whose comments, who asks, which page.
type commentPageRequest struct {
	post, me     string
	staff        bool
	limit        int
	afterCreated string // the cursor's (created, id): empty for the first page
	afterID      string
}

// commentRow is a comment as PocketBase's record answer shows it, read straight from its row: an idea page's 50
// comments built as records and encoded from them cost PocketBase 2 ms of a page view's 12 (npm run bench --
// page-cost). It holds every field of the comments collection, none of them hidden;
// tests/integration/comments/comment-pages.test.ts holds each answer to PocketBase's own view of the record, field
// for field, so a field added to the collection fails it until it is added here.
type commentRow struct {
	CollectionID   string        `db:"-" json:"collectionId"`
	CollectionName string        `db:"-" json:"collectionName"`
	ID             string        `db:"id" json:"id"`
	Post           string        `db:"post" json:"post"`
	Author         string        `db:"author" json:"author"`
	AuthorName     string        `db:"author_name" json:"author_name"`
	AuthorAvatar   string        `db:"author_avatar" json:"author_avatar"`
	Body           string        `db:"body" json:"body"`
	Images         types.JSONRaw `db:"images" json:"images"`
	Internal       bool          `db:"internal" json:"internal"`
	Hidden         bool          `db:"hidden" json:"hidden"`
	ByStaff        bool          `db:"by_staff" json:"by_staff"`
	HeldFor        string        `db:"held_for" json:"held_for"`
	Parent         string        `db:"parent" json:"parent"`
	EditedAt       string        `db:"edited_at" json:"edited_at"`
	Created        string        `db:"created" json:"created"`
	Updated        string        `db:"updated" json:"updated"`
}

const commentColumns = "id, post, author, author_name, author_avatar, body, images, internal, hidden, by_staff, " +
	"held_for, parent, edited_at, created, updated "

// cursorOf is a comment's place in an idea's (created, id) order, as the hooks read it back.
func cursorOf(c commentRow) string { return c.Created + "_" + c.ID }

// visibleComments is the SQL the comments' list rule means for one idea and caller: internal comments for staff,
// hidden ones for their author and staff (tests/integration/comments/comment-pages.test.ts compares the two).
const visibleComments = "FROM comments WHERE post = {:post} " +
	"AND (internal = FALSE OR {:staff} = 1) AND (hidden = FALSE OR author = {:me} OR {:staff} = 1) "

// commentPage is { items, next, newest? }: a page of `limit` comments after the cursor, oldest first, by keyset
// paging on the comments (post, created, id) index; `next` is null on the last page; the first page also names
// the newest comment the caller may see, read before the page itself.
func commentPage(app core.App, r commentPageRequest) (map[string]any, error) {
	staff := 0
	if r.staff {
		staff = 1
	}
	params := dbx.Params{"post": r.post, "me": r.me, "staff": staff, "n": r.limit + 1,
		"created": r.afterCreated, "id": r.afterID}
	body := map[string]any{}
	if r.afterID == "" {
		var last []commentRow
		err := app.DB().NewQuery("SELECT id, created " + visibleComments + "ORDER BY created DESC, id DESC LIMIT 1").
			Bind(params).All(&last)
		if err != nil {
			return nil, err
		}
		body["newest"] = nil
		if len(last) > 0 {
			body["newest"] = cursorOf(last[0])
		}
	}
	after := ""
	if r.afterID != "" {
		after = "AND (created > {:created} OR (created = {:created} AND id > {:id})) "
	}
	comments, err := app.FindCachedCollectionByNameOrId("comments")
	if err != nil {
		return nil, err
	}
	rows := []commentRow{}
	err = app.DB().NewQuery("SELECT " + commentColumns + visibleComments + after + "ORDER BY created, id LIMIT {:n}").
		Bind(params).All(&rows)
	if err != nil {
		return nil, err
	}
	items := rows[:min(len(rows), r.limit)]
	for i := range items {
		items[i].CollectionID = comments.Id
		items[i].CollectionName = comments.Name
		if len(items[i].Images) == 0 {
			items[i].Images = types.JSONRaw("[]")
		}
	}
	body["items"] = items
	body["next"] = nil
	if len(rows) > r.limit {
		body["next"] = cursorOf(items[len(items)-1])
	}
	return body, nil
}

// voters is { page, perPage, totalItems, items }: the votes that count on `post`, oldest first, as user cards
// (user_cards.go); the total is the idea's own vote_count (no count of its votes on every request).
func voters(app core.App, post *core.Record, page, perPage, offset int) (map[string]any, error) {
	items, err := userCardsBySQL(app, "SELECT "+userCardColumns+" FROM votes v JOIN users u ON u.id = v.user "+
		"WHERE v.post = {:post} AND v.counted = TRUE ORDER BY v.created, v.id LIMIT {:limit} OFFSET {:offset}",
		dbx.Params{"post": post.Id, "limit": perPage, "offset": offset})
	if err != nil {
		return nil, err
	}
	return map[string]any{"page": page, "perPage": perPage, "totalItems": post.GetInt("vote_count"), "items": items}, nil
}

// answered writes a read's body as the route's answer, or fails the request with its error.
func answered(e *core.RequestEvent, body map[string]any, err error) error {
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, body)
}

// answerIdeaPage answers { idea, voters, mine, comments }: everything an idea page reads of PocketBase in one
// request (hooks: ideas/idea-page.js), so the caller is named, the idea's view rule checked and the request's fixed
// cost (its token, the middlewares, the hooks' runtime) paid once rather than three times. `idea` is the record as
// the hooks enriched it (its expands, as the records API answers it); `voters` and `comments` are the voters and
// comments routes' first pages; `mine` the caller's own state as the hooks read it (votes/viewer-own.js).
func answerIdeaPage(e *core.RequestEvent, post *core.Record, voterCount int, mine goja.Value,
	comments commentPageRequest) error {
	voterPage, err := voters(e.App, post, 1, voterCount, 0)
	if err != nil {
		return err
	}
	commentsPage, err := commentPage(e.App, comments)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"idea": post, "voters": voterPage, "mine": mine.Export(),
		"comments": commentsPage})
}

// bindIdeaReads gives the hooks $ideaReads.commentPage(e, post, me, staff, limit, afterCreated, afterId),
// $ideaReads.voters(e, post, page, perPage, offset) (the paging as platform/paging.js read it) and
// $ideaReads.ideaPage(e, post, me, staff, commentLimit, voterCount, mine): both first pages beside the idea.
func bindIdeaReads(vm *goja.Runtime) {
	object := vm.NewObject()
	_ = object.Set("commentPage", func(e *core.RequestEvent, post *core.Record, me string, staff bool, limit int,
		afterCreated, afterID string) error {
		body, err := commentPage(e.App, commentPageRequest{post: post.Id, me: me, staff: staff, limit: max(limit, 1),
			afterCreated: afterCreated, afterID: afterID})
		return answered(e, body, err)
	})
	_ = object.Set("voters", func(e *core.RequestEvent, post *core.Record, page, perPage, offset int) error {
		body, err := voters(e.App, post, page, perPage, max(offset, 0))
		return answered(e, body, err)
	})
	_ = object.Set("ideaPage", func(e *core.RequestEvent, post *core.Record, me string, staff bool, commentLimit,
		voterCount int, mine goja.Value) error {
		return answerIdeaPage(e, post, max(voterCount, 1), mine, commentPageRequest{post: post.Id, me: me,
			staff: staff, limit: max(commentLimit, 1)})
	})
	vm.Set("$ideaReads", object)
}
