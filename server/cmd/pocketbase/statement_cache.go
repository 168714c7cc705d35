// SQLite statements prepared once per connection and reused (issue 35); a connection whose planner statistics
// went stale is reopened (planner_stats.go).
//
// dbx hands every query to modernc.org/sqlite as text, and the driver parses and plans it again each time:
// parsing alone was 17% of a vote's CPU and preparing 16% of a comment's (npm run bench -- write-profile).
// The driver can reuse a prepared statement (its rows reset it on Close instead of finalizing it), so each
// connection keeps the statements it ran more than once: at most statementsPerConnection, the least recently
// used evicted first. A statement is kept only on its second sighting, so SQL that carries its values (or
// PocketBase's random placeholder names) never evicts the hot ones. A statement still being read (its rows
// open) is never handed out twice: a query of the same text meanwhile is prepared afresh, as before. SQLite
// re-plans a kept statement by itself when the schema changes (sqlite3_prepare_v2).
package main

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/pocketbase/dbx"
	"modernc.org/sqlite"
)

const (
	cachingDriverName = "sqlite-statement-cache"
	// statementsPerConnection bounds each connection's kept statements (a vote's and a comment's whole work is
	// under 40 distinct statements; PocketBase keeps 15 idle connections).
	statementsPerConnection = 64
	// sightingsPerConnection bounds the texts remembered as seen once (forgotten all at once when full).
	sightingsPerConnection = 512
)

func init() {
	sql.Register(cachingDriverName, cachingDriver{inner: &sqlite.Driver{}})
}

// openCachingSQLite opens a database as dbx.Open("sqlite", dsn) does, through the caching driver (dbx still
// builds SQLite's dialect).
func openCachingSQLite(dsn string) (*dbx.DB, error) {
	db, err := sql.Open(cachingDriverName, dsn)
	if err != nil {
		return nil, err
	}
	db.SetConnMaxIdleTime(idleConnLifetime)
	return dbx.NewFromDB(db, "sqlite"), nil
}

type cachingDriver struct{ inner driver.Driver }

// sqliteConn is what modernc.org/sqlite's connection offers database/sql.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// reusableStatement is what its prepared statement offers.
type reusableStatement interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

// typedRows is what its rows offer (column types included, for database/sql's ColumnTypes).
type typedRows interface {
	driver.Rows
	driver.RowsColumnTypeDatabaseTypeName
	driver.RowsColumnTypeLength
	driver.RowsColumnTypeNullable
	driver.RowsColumnTypePrecisionScale
	driver.RowsColumnTypeScanType
}

func (d cachingDriver) Open(dsn string) (driver.Conn, error) {
	conn, err := d.inner.Open(dsn)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteConn)
	if !ok {
		return conn, nil // another driver's connection: used as it is
	}
	return &cachingConn{
		sqliteConn: inner,
		kept:       map[string]*keptStatement{},
		seen:       map[string]struct{}{},
		generation: plannerStatsGeneration.Load(),
	}, nil
}

// cachingConn is used by one goroutine at a time (database/sql's contract), so its maps need no lock.
type cachingConn struct {
	sqliteConn
	kept  map[string]*keptStatement
	seen  map[string]struct{}
	clock uint64
	// generation is the planner statistics' count it opened under (planner_stats.go).
	generation uint64
}

// stale reports whether SQLite's planner statistics changed since this connection read them.
func (c *cachingConn) stale() bool { return c.generation != plannerStatsGeneration.Load() }

// ResetSession, before a pooled connection runs again: a stale one is dropped (database/sql opens another).
func (c *cachingConn) ResetSession(ctx context.Context) error {
	if c.stale() {
		return driver.ErrBadConn
	}
	return c.sqliteConn.ResetSession(ctx)
}

// IsValid, before a connection goes back to the pool: a stale one is closed instead.
func (c *cachingConn) IsValid() bool { return !c.stale() && c.sqliteConn.IsValid() }

type keptStatement struct {
	statement reusableStatement
	busy      bool // its rows are open
	lastUsed  uint64
}

// take returns the kept statement for query, ready to run (marked busy), or nil: run it unkept.
func (c *cachingConn) take(ctx context.Context, query string) *keptStatement {
	c.clock++
	if kept := c.kept[query]; kept != nil {
		if kept.busy {
			return nil
		}
		kept.busy, kept.lastUsed = true, c.clock
		return kept
	}
	if _, seen := c.seen[query]; !seen {
		if len(c.seen) >= sightingsPerConnection {
			clear(c.seen)
		}
		c.seen[query] = struct{}{}
		return nil
	}
	delete(c.seen, query)
	prepared, err := c.sqliteConn.PrepareContext(ctx, query)
	if err != nil {
		return nil // the unkept run reports the error
	}
	statement, ok := prepared.(reusableStatement)
	if !ok {
		_ = prepared.Close()
		return nil
	}
	if len(c.kept) >= statementsPerConnection {
		c.evictLeastRecentlyUsed()
	}
	kept := &keptStatement{statement: statement, busy: true, lastUsed: c.clock}
	c.kept[query] = kept
	return kept
}

func (c *cachingConn) evictLeastRecentlyUsed() {
	var oldestQuery string
	var oldest *keptStatement
	for query, kept := range c.kept {
		if !kept.busy && (oldest == nil || kept.lastUsed < oldest.lastUsed) {
			oldestQuery, oldest = query, kept
		}
	}
	if oldest != nil {
		delete(c.kept, oldestQuery)
		_ = oldest.statement.Close()
	}
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	kept := c.take(ctx, query)
	if kept == nil {
		return c.sqliteConn.ExecContext(ctx, query, args)
	}
	defer func() { kept.busy = false }()
	return kept.statement.ExecContext(ctx, args)
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	kept := c.take(ctx, query)
	if kept == nil {
		return c.sqliteConn.QueryContext(ctx, query, args)
	}
	rows, err := kept.statement.QueryContext(ctx, args)
	if err != nil {
		kept.busy = false
		return nil, err
	}
	if typed, ok := rows.(typedRows); ok {
		return &keptRows{typedRows: typed, kept: kept}, nil
	}
	// Rows without column types: handed on as they are, never run again (an INSERT … RETURNING would write twice).
	return &keptPlainRows{Rows: rows, kept: kept}, nil
}

// Close finalizes the kept statements, then closes the connection.
func (c *cachingConn) Close() error {
	for query, kept := range c.kept {
		_ = kept.statement.Close()
		delete(c.kept, query)
	}
	return c.sqliteConn.Close()
}

// keptRows frees its statement (reset by the driver, not finalized) when closed.
type keptRows struct {
	typedRows
	kept *keptStatement
}

func (r *keptRows) Close() error {
	err := r.typedRows.Close()
	r.kept.busy = false
	return err
}

// keptPlainRows is keptRows for rows that do not report their column types.
type keptPlainRows struct {
	driver.Rows
	kept *keptStatement
}

func (r *keptPlainRows) Close() error {
	err := r.Rows.Close()
	r.kept.busy = false
	return err
}
