// SQLite's planner statistics kept in step with a growing board, and every connection re-planning with them.
//
// PocketBase analyses a table when a migration changes it, then only once a day, and only the tables its writer
// connection queried; every other connection keeps the statistics it read when it opened. Statistics taken on a
// fresh install say `users` holds one row, so once a crowd signs up SQLite still walks the whole table for each
// idea a member's list looks at (every rule that names @request.auth joins users): with 20,000 members, a
// member's list of ideas cost 47 ms of PocketBase's CPU instead of 3 (npm run bench -- planner-stats).
// Every ten minutes, and once at start, the writer runs `PRAGMA optimize=0x10002` (SQLite's advice for
// long-lived connections: analyse any table whose size changed tenfold, with a bounded sample, so it takes
// milliseconds); when that changed the statistics, every pooled connection is reopened before its next query
// (the caching driver's ResetSession, statement_cache.go), so none keeps planning with the old ones.
package main

import (
	"log/slog"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// plannerStatsGeneration counts the statistics' changes; a connection opened under an older count is stale.
var plannerStatsGeneration atomic.Uint64

func registerPlannerStats(app core.App) {
	app.Cron().MustAdd(plannerStatsJob, "*/10 * * * *", func() { refreshPlannerStatsLogged(app) })
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		go refreshPlannerStatsLogged(app)
		return e.Next()
	})
}

func refreshPlannerStatsLogged(app core.App) {
	changed, err := refreshPlannerStats(app.NonconcurrentDB())
	if err != nil {
		app.Logger().Warn("Could not refresh SQLite's planner statistics", slog.String("error", err.Error()))
	} else if changed {
		app.Logger().Info("SQLite's planner statistics refreshed; connections reopen with them")
	}
}

// refreshPlannerStats analyses what changed tenfold through `writer` (the one writer: ANALYZE writes) and, when
// the statistics changed, has every connection reopened. It reports whether they changed.
func refreshPlannerStats(writer dbx.Builder) (bool, error) {
	before, err := plannerStats(writer)
	if err != nil {
		return false, err
	}
	if _, err := writer.NewQuery("PRAGMA optimize=0x10002").Execute(); err != nil {
		return false, err
	}
	after, err := plannerStats(writer)
	if err != nil || after == before {
		return false, err
	}
	plannerStatsGeneration.Add(1)
	return true, nil
}

// plannerStats is the statistics SQLite plans with, as one text (empty before any ANALYZE made its table).
func plannerStats(db dbx.Builder) (string, error) {
	var tables int
	if err := db.NewQuery("SELECT COUNT(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'").Row(&tables); err != nil {
		return "", err
	}
	if tables == 0 {
		return "", nil
	}
	var stats string
	err := db.NewQuery("SELECT COALESCE(group_concat(tbl || ' ' || COALESCE(idx, '') || ' ' || stat, char(10)), '') " +
		"FROM (SELECT * FROM sqlite_stat1 ORDER BY tbl, idx)").Row(&stats)
	return stats, err
}
