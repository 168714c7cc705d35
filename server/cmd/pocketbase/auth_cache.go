// Members' sign-ins kept in memory by their token (issue 59): PocketBase's own middleware reads a token's account from
// the database and checks its signature on every request, a sixth of PocketBase's CPU for a member's page (the check
// and the audience copy's read: two a view; Go's profiler). Here the same middleware, in its place, keeps the account
// a token proved, for that token alone, until the token expires or authCacheTTL passes, whichever is first; any save
// or removal of a users record, or of a collection, drops what was kept of it at once, and an account read while
// such a write committed is not kept (the write's generation). Only the users collection is kept: a superuser's
// sign-in is read each time, as before.
package main

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"
)

const (
	// authCacheTTL bounds how long a token's account is kept even when nothing said it changed (a write made
	// outside PocketBase, straight to its database, is seen after this long at most).
	authCacheTTL = time.Minute
	// authCacheSize bounds the tokens kept; past it, everything is dropped and kept again as it is asked for.
	authCacheSize      = 10_000
	keptAuthCollection = "users"
	// keptAuthMiddlewareId names the middleware in PocketBase's loadAuthToken's place (at its priority).
	keptAuthMiddlewareId = "chorusLoadAuthToken"
)

type keptAuth struct {
	record  *core.Record
	expires time.Time
}

type authCache struct {
	mu      sync.Mutex
	entries map[string]keptAuth
	// generation counts the writes that dropped something: an account read before one is not kept after it.
	generation atomic.Uint64
	now        func() time.Time
}

func newAuthCache() *authCache {
	return &authCache{entries: map[string]keptAuth{}, now: time.Now}
}

func registerAuthCache(app core.App) {
	cache := newAuthCache()
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// Unbinding excludes the id from every group under the router too, so the replacement has an id of its own.
		se.Router.Unbind(apis.DefaultLoadAuthTokenMiddlewareId)
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       keptAuthMiddlewareId,
			Priority: apis.DefaultLoadAuthTokenMiddlewarePriority,
			Func:     cache.loadAuthToken,
		})
		return se.Next()
	})
	forgetRecord := func(e *core.RecordEvent) error {
		if e.Record.Collection().Name == keptAuthCollection {
			cache.forget(e.Record.Id)
		}
		return e.Next()
	}
	app.OnRecordAfterUpdateSuccess().BindFunc(forgetRecord)
	app.OnRecordAfterDeleteSuccess().BindFunc(forgetRecord)
	forgetAll := func(e *core.CollectionEvent) error {
		cache.forget("")
		return e.Next()
	}
	app.OnCollectionAfterUpdateSuccess().BindFunc(forgetAll)
	app.OnCollectionAfterDeleteSuccess().BindFunc(forgetAll)
}

// loadAuthToken is PocketBase's middleware of the same id (apis/middlewares.go), with the account kept by token.
func (c *authCache) loadAuthToken(e *core.RequestEvent) error {
	if e.Auth != nil {
		return e.Next()
	}
	token := authTokenOf(e)
	if token == "" {
		return e.Next()
	}
	if record := c.get(token); record != nil {
		e.Auth = record
		return e.Next()
	}
	generation := c.generation.Load()
	record, err := e.App.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil {
		e.App.Logger().Debug("loadAuthToken failure", "error", err)
	} else if record != nil {
		e.Auth = record
		c.put(token, record, generation)
	}
	return e.Next()
}

// authTokenOf is the request's token, as PocketBase reads it: the Authorization header, "Bearer " optional.
func authTokenOf(e *core.RequestEvent) string {
	token := e.Request.Header.Get("Authorization")
	if len(token) > 7 && strings.EqualFold(token[:7], "Bearer ") {
		return token[7:]
	}
	return token
}

// get is a copy of the account `token` proved, while kept and unexpired (each request changes its own copy only).
func (c *authCache) get(token string) *core.Record {
	c.mu.Lock()
	defer c.mu.Unlock()
	entry, ok := c.entries[token]
	if !ok {
		return nil
	}
	if !c.now().Before(entry.expires) {
		delete(c.entries, token)
		return nil
	}
	return entry.record.Clone()
}

// put keeps a users account `token` proved, read at `generation`, unless a write dropped something since.
func (c *authCache) put(token string, record *core.Record, generation uint64) {
	if record.Collection().Name != keptAuthCollection {
		return
	}
	claims, err := security.ParseUnverifiedJWT(token)
	if err != nil {
		return
	}
	expires := c.now().Add(authCacheTTL)
	if exp, ok := claims["exp"].(float64); ok {
		if at := time.Unix(int64(exp), 0); at.Before(expires) {
			expires = at
		}
	} else {
		return // a token that never expires is read each time
	}
	kept := record.Clone()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.generation.Load() != generation {
		return
	}
	if len(c.entries) >= authCacheSize {
		clear(c.entries)
	}
	c.entries[token] = keptAuth{record: kept, expires: expires}
}

// forget drops every token of account `id` ("" drops them all) and stops reads already under way from keeping theirs.
func (c *authCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation.Add(1)
	for token, entry := range c.entries {
		if id == "" || entry.record.Id == id {
			delete(c.entries, token)
		}
	}
}
