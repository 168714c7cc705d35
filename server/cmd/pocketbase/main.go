// Chorus's PocketBase: PocketBase v0.39.11 with its JS hooks and migrations, whose write transactions begin
// IMMEDIATE, plus the `chorus-upgrade` command that chorus-server runs before serving a newer Chorus.
//
// PocketBase's transactions begin DEFERRED: they read, then take the write lock at their first write. When
// another process (Litestream's checkpoint) wrote in between, SQLite cannot upgrade the stale read snapshot and
// refuses the transaction with SQLITE_BUSY_SNAPSHOT ("database is locked (517)"), which no retry cures. A
// transaction that begins IMMEDIATE takes the write lock first and waits for it (busy_timeout), so a checkpoint
// only ever delays a write, never refuses it.
package main

import (
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// pragmas are PocketBase's own (core.DefaultDBConnect); busy_timeout first, so that setting WAL mode waits.
const pragmas = "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)" +
	"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)"

// defaultHooksPool is how many JS runtimes are kept warm for the hooks (PocketBase's default is 15). A hook that
// saves a record runs that record's hooks while its own runtime is still busy, so one vote holds several at
// once; when every warm runtime is busy PocketBase builds a throwaway one for the call, which loads every
// module it requires again. With 15, eight votes at once spent half of PocketBase's CPU building runtimes and
// reloading modules (npm run bench -- write-profile); 64 cost 15 MB more at rest and 70 ms more at start. A
// comment's hooks nest deeper (its recount, the live copy, the first notifications, the jobs it wakes): with
// eight writes at once they still ran past 64; with three (write-slots.go) they stay within it, and 128 bought
// nothing more (write-profile --write comment: 15.4-15.5 against 13.9-17.6 ms each) for 100 MB more in a burst.
const defaultHooksPool = 64

// dataMaxIdleConns keeps up to 64 of the readers' connections open between requests (PocketBase keeps 15 of the 120
// it may open). An idea page's three reads from ten members at once needed some 30: every read past the fifteenth
// opened a connection, with a cold page cache and none of its prepared statements (statement_cache.go), and closed
// it after: a tenth of PocketBase's CPU for an idea page (Go's profiler, npm run bench -- page-cost). A connection
// idle for idleConnLifetime is closed.
const dataMaxIdleConns = 64

// idleConnLifetime is how long a database connection may sit unused before it is closed, so that a burst's
// connections (each with its own page cache, up to 32 MB) do not stay open through a quiet night.
const idleConnLifetime = 5 * time.Minute

// immediateWrites opens a database as PocketBase does, with every transaction beginning IMMEDIATE, through the
// driver that keeps each connection's prepared statements (statement_cache.go).
// PocketBase runs its transactions on its one-connection writer pool; its reader pool runs plain SELECTs.
func immediateWrites(dbPath string) (*dbx.DB, error) {
	return openCachingSQLite(dbPath + "?" + pragmas + "&_txlock=immediate")
}

func main() {
	startProfiler()
	app := pocketbase.NewWithConfig(pocketbase.Config{DBConnect: immediateWrites, DataMaxIdleConns: dataMaxIdleConns})

	flags := app.RootCmd.PersistentFlags()
	hooksDir := flags.String("hooksDir", "", "the directory with the JS app hooks")
	hooksWatch := flags.Bool("hooksWatch", true, "restart the app when a pb_hooks file changes")
	hooksPool := flags.Int("hooksPool", hooksPoolSize(), "how many JS runtimes to prewarm for the hooks")
	migrationsDir := flags.String("migrationsDir", "", "the directory with the JS migrations")
	automigrate := flags.Bool("automigrate", true, "write a migration when a collection changes in the admin UI")
	publicDir := flags.String("publicDir", filepath.Join(filepath.Dir(os.Args[0]), "pb_public"), "static files to serve")
	_ = app.RootCmd.ParseFlags(os.Args[1:])

	// One index of the ideas' vectors for every JS runtime (vectors.go), read from post_vectors on first use.
	vectors := newVectorIndex(loadVectorsFrom(app))
	jsvm.MustRegister(app, jsvm.Config{
		MigrationsDir: *migrationsDir,
		HooksDir:      *hooksDir,
		HooksWatch:    *hooksWatch,
		HooksPoolSize: *hooksPool,
		OnInit: func(vm *goja.Runtime) {
			bindRequireCache(vm)
			bindInboundMail(vm)
			bindVectors(vm, vectors)
			bindJobs(vm, app)
			bindSignatures(vm)
			bindIdeaReads(vm)
			bindUserCards(vm, app)
		},
	})
	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Automigrate:  *automigrate,
		Dir:          *migrationsDir,
	})
	app.RootCmd.AddCommand(upgradeCommand(app, migrationsDir))
	registerSetup(app)
	registerVotes(app)
	registerIdeaCards(app)
	registerAudience(app)
	registerSession(app)
	registerShellVersion(app)
	registerAuthCache(app)
	registerPlannerStats(app)
	registerImportMark(app)
	registerVectorHooks(app, vectors)
	registerJobWaking(app)
	// The hooks' sign that they run in this program (programKey, src/contract/hand-offs.ts; platform/server-program.js): a stock PocketBase counts no vote.
	app.Store().Set(programKey, "chorus")

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			e.Router.BindFunc(limitConcurrentWrites(*hooksPool))
			if !e.Router.HasRoute(http.MethodGet, "/{path...}") {
				e.Router.GET("/{path...}", apis.Static(os.DirFS(*publicDir), false))
			}
			return e.Next()
		},
		Priority: 999,
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// hooksPoolSize is how many JS runtimes PocketBase keeps warm for the hooks: CHORUS_HOOKS_POOL, else
// defaultHooksPool (the --hooksPool flag wins over both).
func hooksPoolSize() int {
	return positiveEnv("CHORUS_HOOKS_POOL", defaultHooksPool)
}

// positiveEnv is the whole number the environment variable `name` holds when it is above zero, else `fallback`
// (unset, empty or not a number: the operator's typo never turns into a pool or slot count of zero).
func positiveEnv(name string, fallback int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return fallback
}
