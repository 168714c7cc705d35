// Only a few record writes run their hooks at once (one more than the CPUs, and at most one per sixteen warm JS
// runtimes); the rest wait their turn in Go, where waiting is cheap and first come is first served. SQLite takes one
// write at a time anyway, so this costs no throughput: the CPUs stay busy with the hooks of one write more than they
// can run while another holds the writer. More at once only made writes contend inside their transactions (the
// slowest waited longest) and hold more runtimes (each write holds several while its hooks save other records: see
// defaultHooksPool), past the pool PocketBase builds a throwaway runtime for. Measured with `npm run bench --
// write-cost` on 2 cores: 32 votes at once went from 66 to 117 a second with the first limit (one per eight
// runtimes); with three at once instead of eight, 8 votes in flight kept 254-277 a second and their p95 fell from
// 68-81 to 44-45 ms. CHORUS_WRITE_SLOTS sets the number.
package main

import (
	"net/http"
	"runtime"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// writeSlotsFor: CHORUS_WRITE_SLOTS, else one more than the CPUs Go may use, leaving each write sixteen warm
// runtimes (a comment's hooks nest that deep with the jobs it wakes, and reads use them too).
func writeSlotsFor(hooksPool int) int {
	return positiveEnv("CHORUS_WRITE_SLOTS", max(1, min(runtime.GOMAXPROCS(0)+1, hooksPool/16)))
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
