// A person as the site's lists show them (an idea's voters, mention suggestions): id, name and avatar, shaped as a
// users record so the site's file addresses work, read by an SQL query that selects userCardColumns of users `u`.
// Written once for both runtimes: Go's voters route (idea_reads.go) and the hooks' ($userCards: comments/mentions.pb.js).
package main

import (
	"github.com/dop251/goja"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// userCardColumns is what a query selects of users `u` for a card.
const userCardColumns = "u.id AS id, u.name AS name, u.avatar AS avatar, u.avatar_url AS avatar_url"

type userCard struct {
	ID             string `db:"id" json:"id"`
	CollectionID   string `db:"-" json:"collectionId"`
	CollectionName string `db:"-" json:"collectionName"`
	Name           string `db:"name" json:"name"`
	Avatar         string `db:"avatar" json:"avatar"`
	AvatarURL      string `db:"avatar_url" json:"avatar_url"`
}

// userCardsBySQL is the cards `sql` (a query selecting userCardColumns, `params` bound) finds, in its order.
func userCardsBySQL(app core.App, sql string, params dbx.Params) ([]userCard, error) {
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return nil, err
	}
	cards := []userCard{}
	if err := app.DB().NewQuery(sql).Bind(params).All(&cards); err != nil {
		return nil, err
	}
	for i := range cards {
		cards[i].CollectionID = users.Id
		cards[i].CollectionName = users.Name
	}
	return cards, nil
}

// bindUserCards gives the hooks $userCards.columns and $userCards.bySql(sql, params).
func bindUserCards(vm *goja.Runtime, app core.App) {
	object := vm.NewObject()
	_ = object.Set("columns", userCardColumns)
	_ = object.Set("bySql", func(sql string, params map[string]any) ([]userCard, error) {
		return userCardsBySQL(app, sql, params)
	})
	vm.Set("$userCards", object)
}
