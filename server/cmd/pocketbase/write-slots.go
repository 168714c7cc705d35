// At most one record write per sixteen warm JS runtimes runs its hooks at once; the rest wait their turn in Go, where waiting is
// cheap. SQLite takes one write at a time anyway, so this costs no throughput, and it keeps the writes in
// flight within the warm JS runtimes (each write holds several while its hooks save other records: see
// defaultHooksPool), instead of PocketBase building a throwaway runtime for every hook past the pool. Measured
// with `npm run bench -- write-cost`: 32 votes at once went from 66 to 117 a second.
package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// writeSlotsFor leaves each write sixteen warm runtimes (a comment's hooks nest that deep with the jobs it wakes,
// and reads use them too): eight writes at once with the default pool, as with 64 runtimes and eight each before.
func writeSlotsFor(hooksPool int) int {
	return max(1, hooksPool/16)
}

// isRecordWrite is a create, update or delete through PocketBase's records API.
func isRecordWrite(r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions {
		return false
	}
	return strings.HasPrefix(r.URL.Path, "/api/collections/") && strings.Contains(r.URL.Path, "/records")
}

// limitConcurrentWrites is a router middleware: a record write waits for a slot (or for its client to leave).
func limitConcurrentWrites(hooksPool int) func(*core.RequestEvent) error {
	slots := make(chan struct{}, writeSlotsFor(hooksPool))
	return func(e *core.RequestEvent) error {
		if !isRecordWrite(e.Request) {
			return e.Next()
		}
		select {
		case slots <- struct{}{}:
		case <-e.Request.Context().Done():
			return e.Request.Context().Err()
		}
		defer func() { <-slots }()
		return e.Next()
	}
}
