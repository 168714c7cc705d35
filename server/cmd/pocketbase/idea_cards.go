// A list of ideas as cards, answered in Go (issue 59): GET /api/chorus/idea-cards takes what PocketBase's list of
// posts takes (filter, sort, page, perPage) and applies the posts' list rule with PocketBase's own resolver, as its
// records API does, so who sees which idea is decided in one place: the collection's rule. It answers each idea with
// the columns a card shows only, read as rows, not records: the one list of a board page, built as 20 records and
// encoded from them, was half of PocketBase's CPU for a member's home page (Go's profiler, npm run bench -- page-cost).
package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/search"
)

// ideaCardsPath is the route; src/features/ideas/posts-data.ts listPosts reads it.
const ideaCardsPath = "/api/chorus/idea-cards"

// ideaCard is an idea as a list's card shows it (src/features/ideas/PostCard.astro, src/lib/pb/post-types.ts
// IdeaCard): every field the same as PocketBase's record answer of it, none of them hidden.
// tests/integration/ideas/idea-cards.test.ts holds each card to the records API's list of the same ideas.
type ideaCard struct {
	CollectionID   string  `db:"-" json:"collectionId"`
	CollectionName string  `db:"-" json:"collectionName"`
	ID             string  `db:"id" json:"id"`
	Board          string  `db:"board" json:"board"`
	Author         string  `db:"author" json:"author"`
	AuthorName     string  `db:"author_name" json:"author_name"`
	AuthorAvatar   string  `db:"author_avatar" json:"author_avatar"`
	Title          string  `db:"title" json:"title"`
	Body           string  `db:"body" json:"body"`
	Status         string  `db:"status" json:"status"`
	VoteCount      int     `db:"vote_count" json:"vote_count"`
	CommentCount   int     `db:"comment_count" json:"comment_count"`
	TrendingScore  float64 `db:"trending_score" json:"trending_score"`
	Pinned         bool    `db:"pinned" json:"pinned"`
	Locked         bool    `db:"locked" json:"locked"`
	Approved       bool    `db:"approved" json:"approved"`
	MergedInto     string  `db:"merged_into" json:"merged_into"`
	Eta            string  `db:"eta" json:"eta"`
	Created        string  `db:"created" json:"created"`
	Updated        string  `db:"updated" json:"updated"`
}

// ideaCardColumns are ideaCard's columns, each named with the posts table (the rule's joins may repeat a name).
var ideaCardColumns = []string{"id", "board", "author", "author_name", "author_avatar", "title", "body", "status",
	"vote_count", "comment_count", "trending_score", "pinned", "locked", "approved", "merged_into", "eta", "created",
	"updated"}

func registerIdeaCards(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET(ideaCardsPath, answerIdeaCards)
		return se.Next()
	})
}

// answerIdeaCards answers { page, perPage, items }: one page of the ideas the caller may list, as cards (no total:
// the site's lists never count, src/features/ideas/posts-data.ts). Refused as PocketBase's records API refuses the
// same list: a filter or sort naming @request or @collection, a field the caller may not use, a malformed one.
func answerIdeaCards(e *core.RequestEvent) error {
	if e.Auth != nil && e.Auth.GetString("api_key") != "" {
		// A key's requests are counted against its own limit by the records API's hooks (api-keys/api-keys.pb.js).
		return e.ForbiddenError("API keys list ideas through /api/collections/posts/records.", nil)
	}
	posts, err := e.App.FindCachedCollectionByNameOrId("posts")
	if err != nil {
		return e.InternalServerError("", err)
	}
	info, err := e.RequestInfo()
	if err != nil {
		return e.BadRequestError("", err)
	}
	superuser := info.HasSuperuserAuth()
	if posts.ListRule == nil && !superuser {
		return e.ForbiddenError("Only superusers can perform this action.", nil)
	}
	query := e.Request.URL.Query()
	if !superuser {
		for _, param := range []string{search.FilterQueryParam, search.SortQueryParam} {
			if value := query.Get(param); strings.Contains(value, "@collection.") || strings.Contains(value, "@request.") {
				return e.ForbiddenError("Only superusers can filter by @collection. or @request.", nil)
			}
		}
	}
	resolver := core.NewRecordFieldResolver(e.App, posts, info, true)
	rows := e.App.RecordQuery(posts).Select()
	for _, column := range ideaCardColumns {
		rows.AndSelect("[[posts." + column + "]]")
	}
	if !superuser && posts.ListRule != nil && *posts.ListRule != "" {
		expr, err := search.FilterData(*posts.ListRule).BuildExpr(resolver)
		if err != nil {
			return e.InternalServerError("", err)
		}
		rows.AndWhere(expr)
	}
	resolver.SetAllowHiddenFields(superuser)
	provider := search.NewProvider(resolver).Query(rows).SkipTotal(true)
	if err := provider.Parse(query.Encode()); err != nil {
		return e.BadRequestError("", err)
	}
	provider.SkipTotal(true) // whatever the query asked: no count of every match on a page view
	cards := []ideaCard{}
	result, err := provider.Exec(&cards)
	if err != nil {
		return e.BadRequestError("", err)
	}
	for i := range cards {
		cards[i].CollectionID = posts.Id
		cards[i].CollectionName = posts.Name
	}
	return e.JSON(http.StatusOK, map[string]any{"page": result.Page, "perPage": result.PerPage, "items": cards})
}
