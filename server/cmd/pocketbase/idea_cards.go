// A list of ideas as cards, answered in Go (issue 59): GET /api/chorus/idea-cards takes what PocketBase's list of
// posts takes (filter, sort, page, perPage) under the posts' list rule (listed_rows.go), and answers each idea with
// the columns a card shows only, read as rows, not records: the one list of a board page, built as 20 records and
// encoded from them, was half of PocketBase's CPU for a member's home page (Go's profiler, npm run bench -- page-cost).
// GET /api/chorus/idea-insights answers a staff list's numbers (score, revenue) of the cards' ideas the same way:
// as records, with their JSON fields decoded and the answer encoded twice to pick three fields, they were a third of
// PocketBase's CPU for a moderator's home page.
package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The routes: src/features/ideas/posts-data.ts listPosts reads the cards, src/features/priority/staff-lists.ts
// loadInsights a staff list's numbers.
const (
	ideaCardsPath    = "/api/chorus/idea-cards"
	ideaInsightsPath = "/api/chorus/idea-insights"
)

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
		se.Router.GET(ideaInsightsPath, answerIdeaInsights)
		return se.Next()
	})
}

// answerIdeaCards answers { page, perPage, items }: one page of the ideas the caller may list (listed_rows.go), as
// cards, filtered, sorted and paged as the records API takes them; no total: the site's lists never count
// (src/features/ideas/posts-data.ts).
func answerIdeaCards(e *core.RequestEvent) error {
	posts, provider, _, err := listedRows(e, "posts", ideaCardColumns)
	if err != nil {
		return err
	}
	if err := provider.Parse(e.Request.URL.Query().Encode()); err != nil {
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

// ideaInsight is what a staff list's card shows of an idea's worth (src/features/priority/staff-lists.ts).
type ideaInsight struct {
	ID      string  `db:"id" json:"id"`
	Score   float64 `db:"score" json:"score"`
	Revenue float64 `db:"revenue" json:"revenue"`
}

// maxInsightIds bounds one ask (a page of cards is 20).
const maxInsightIds = 100

// answerIdeaInsights answers { items }: the score and revenue of the ideas ?ids= names (comma-separated, at most
// maxInsightIds), those post_insights' list rule lets the caller list (staff), in no particular order.
func answerIdeaInsights(e *core.RequestEvent) error {
	ids := []any{}
	for _, id := range strings.Split(e.Request.URL.Query().Get("ids"), ",") {
		if id != "" && len(ids) < maxInsightIds {
			ids = append(ids, id)
		}
	}
	_, provider, query, err := listedRows(e, "post_insights", []string{"id", "score", "revenue"})
	if err != nil {
		return err
	}
	items := []ideaInsight{}
	if len(ids) > 0 {
		query.AndWhere(dbx.In("post_insights.id", ids...))
		if _, err := provider.PerPage(len(ids)).Exec(&items); err != nil {
			return e.BadRequestError("", err)
		}
	}
	return e.JSON(http.StatusOK, map[string]any{"items": items})
}
