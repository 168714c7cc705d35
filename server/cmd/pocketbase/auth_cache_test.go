// The kept sign-ins (auth_cache.go): a token's account is kept until the token expires or authCacheTTL passes, each
// request gets a copy of its own, a write to the account (or any collection) drops it, a read under way while such a
// write committed is not kept, and only the users collection is kept.
package main

import (
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

var cacheEpoch = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func accountIn(collection, id string) *core.Record {
	record := core.NewRecord(core.NewAuthCollection(collection))
	record.Id = id
	record.Set("name", "Mira")
	return record
}

func tokenFor(t *testing.T, id string, expires time.Time) string {
	t.Helper()
	claims := jwt.MapClaims{"id": id, "type": "auth", "collectionId": "users"}
	if !expires.IsZero() {
		claims["exp"] = expires.Unix()
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("secret"))
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// keepNow keeps `record` for `token` as a read that no write overlapped would.
func keepNow(cache *authCache, token string, record *core.Record) {
	cache.put(token, record, cache.generation.Load())
}

func cacheAt(now *time.Time) *authCache {
	cache := newAuthCache()
	cache.now = func() time.Time { return *now }
	return cache
}

func TestAKeptAccountLastsUntilItsTokenExpiresOrTheTTL(t *testing.T) {
	now := cacheEpoch
	cache := cacheAt(&now)
	soon := tokenFor(t, "mira", now.Add(30*time.Second))
	late := tokenFor(t, "mira", now.Add(24*time.Hour))
	keepNow(cache, soon, accountIn("users", "mira"))
	keepNow(cache, late, accountIn("users", "mira"))
	now = now.Add(29 * time.Second)
	if cache.get(soon) == nil || cache.get(late) == nil {
		t.Fatal("both tokens' account should be kept before either expires")
	}
	now = now.Add(2 * time.Second)
	if cache.get(soon) != nil {
		t.Error("a token past its exp should not be kept")
	}
	now = cacheEpoch.Add(authCacheTTL)
	if cache.get(late) != nil {
		t.Error("no account should be kept past authCacheTTL")
	}
}

func TestEachRequestGetsACopyOfItsOwn(t *testing.T) {
	now := cacheEpoch
	cache := cacheAt(&now)
	token := tokenFor(t, "mira", now.Add(time.Hour))
	read := accountIn("users", "mira")
	keepNow(cache, token, read)
	read.Set("name", "changed by the request that read it")
	first := cache.get(token)
	first.Set("name", "changed by a later request")
	if got := cache.get(token).GetString("name"); got != "Mira" {
		t.Errorf("kept name = %q, want Mira", got)
	}
}

func TestAWriteDropsItsAccountAndStopsAReadUnderWayFromKeepingIt(t *testing.T) {
	now := cacheEpoch
	cache := cacheAt(&now)
	mira, otto := tokenFor(t, "mira", now.Add(time.Hour)), tokenFor(t, "otto", now.Add(time.Hour))
	keepNow(cache, mira, accountIn("users", "mira"))
	keepNow(cache, otto, accountIn("users", "otto"))
	cache.forget("mira")
	if cache.get(mira) != nil || cache.get(otto) == nil {
		t.Fatal("a write to mira should drop mira's token alone")
	}
	before := cache.generation.Load()
	cache.forget("otto") // committed while mira's account was being read
	cache.put(mira, accountIn("users", "mira"), before)
	if cache.get(mira) != nil {
		t.Error("an account read before a write committed should not be kept")
	}
	keepNow(cache, mira, accountIn("users", "mira"))
	cache.forget("")
	if cache.get(mira) != nil {
		t.Error("a collection's change should drop every kept account")
	}
}

func TestOnlyMembersTokensThatExpireAreKept(t *testing.T) {
	now := cacheEpoch
	cache := cacheAt(&now)
	superuser := tokenFor(t, "root", now.Add(time.Hour))
	keepNow(cache, superuser, accountIn(core.CollectionNameSuperusers, "root"))
	forever := tokenFor(t, "mira", time.Time{})
	keepNow(cache, forever, accountIn("users", "mira"))
	if cache.get(superuser) != nil || cache.get(forever) != nil {
		t.Error("a superuser's token and a token without exp should be read each time")
	}
}

func TestAFullCacheStartsOver(t *testing.T) {
	now := cacheEpoch
	cache := cacheAt(&now)
	first := tokenFor(t, "member0", now.Add(time.Hour))
	keepNow(cache, first, accountIn("users", "member0"))
	for i := 1; i <= authCacheSize; i++ {
		cache.entries[security.RandomString(30)] = keptAuth{record: accountIn("users", "x"), expires: now.Add(time.Hour)}
	}
	last := tokenFor(t, "member1", now.Add(time.Hour))
	keepNow(cache, last, accountIn("users", "member1"))
	if len(cache.entries) != 1 || cache.get(last) == nil {
		t.Errorf("a full cache should start over with the new token alone (%d kept)", len(cache.entries))
	}
}
