// Rows of a collection read under its list rule, as PocketBase's records API reads them (issue 59): the rule built by
// PocketBase's own resolver for the caller, so who may list what is decided in one place (the collection's rule), and
// only the columns the answer needs read as rows, not built as records and encoded from them (idea_cards.go).
package main

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/search"
)

// listedRows is a search over `columns` of collection `name`, limited to the records its list rule lets the caller
// list: the caller narrows it (the query's AndWhere, or Provider.Parse of the request's filter, sort and page) and
// runs it into a slice of row structs. Refused as the records API refuses the same list: an API key (its requests
// count against its own limit through the records API: api-keys/api-keys.pb.js), a collection only superusers list,
// a filter or sort naming @request or @collection from anyone but a superuser.
func listedRows(e *core.RequestEvent, name string, columns []string) (*core.Collection, *search.Provider,
	*dbx.SelectQuery, error) {
	if e.Auth != nil && e.Auth.GetString("api_key") != "" {
		return nil, nil, nil, e.ForbiddenError("API keys read "+name+" through /api/collections/"+name+"/records.", nil)
	}
	collection, err := e.App.FindCachedCollectionByNameOrId(name)
	if err != nil {
		return nil, nil, nil, e.InternalServerError("", err)
	}
	info, err := e.RequestInfo()
	if err != nil {
		return nil, nil, nil, e.BadRequestError("", err)
	}
	superuser := info.HasSuperuserAuth()
	if collection.ListRule == nil && !superuser {
		return nil, nil, nil, e.ForbiddenError("Only superusers can perform this action.", nil)
	}
	if !superuser {
		for _, param := range []string{search.FilterQueryParam, search.SortQueryParam} {
			value := info.Query[param]
			if strings.Contains(value, "@collection.") || strings.Contains(value, "@request.") {
				return nil, nil, nil, e.ForbiddenError("Only superusers can filter by @collection. or @request.", nil)
			}
		}
	}
	resolver := core.NewRecordFieldResolver(e.App, collection, info, true)
	query := e.App.RecordQuery(collection).Select()
	for _, column := range columns {
		query.AndSelect("[[" + collection.Name + "." + column + "]]")
	}
	if !superuser && collection.ListRule != nil && *collection.ListRule != "" {
		expr, err := search.FilterData(*collection.ListRule).BuildExpr(resolver)
		if err != nil {
			return nil, nil, nil, e.InternalServerError("", err)
		}
		query.AndWhere(expr)
	}
	resolver.SetAllowHiddenFields(superuser) // hidden fields are searchable only by superusers, as in the records API
	return collection, search.NewProvider(resolver).Query(query).SkipTotal(true), query, nil
}
