// After a table grows tenfold, the refresh analyses it and every pooled connection plans with the new statistics
// (a connection that read the old ones is reopened); a refresh that changes nothing reopens nothing.
package main

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
)

// A posts list that joins the member who asks, as PocketBase builds it for a rule naming @request.auth.
const memberListPlan = "EXPLAIN QUERY PLAN SELECT p.id FROM posts p LEFT JOIN users u ON u.id = 'member1' " +
	"WHERE p.approved = 1 OR u.role = 'admin' LIMIT 20"

func openPool(t *testing.T, path string, conns int) *sql.DB {
	t.Helper()
	db, err := sql.Open(cachingDriverName, path+"?"+pragmas)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func exec(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatal(err)
	}
}

// usersPlan is how a pooled reader connection reaches users in the member's list: "SCAN" or "SEARCH".
func usersPlan(t *testing.T, readers *sql.DB) string {
	t.Helper()
	rows, err := readers.Query(memberListPlan)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(detail, " u ") || strings.HasSuffix(detail, " u") {
			return strings.Fields(detail)[0]
		}
	}
	t.Fatal("the plan never reached users")
	return ""
}

func TestAGrownTableIsAnalysedAndEveryConnectionPlansWithIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.db")
	writerDB := openPool(t, path, 1)
	writer := dbx.NewFromDB(writerDB, "sqlite")
	exec(t, writerDB, "CREATE TABLE users (id TEXT PRIMARY KEY NOT NULL, role TEXT NOT NULL DEFAULT 'member')")
	exec(t, writerDB, "CREATE TABLE posts (id TEXT PRIMARY KEY NOT NULL, approved BOOLEAN NOT NULL DEFAULT TRUE)")
	exec(t, writerDB, "INSERT INTO users (id) VALUES ('member1')")
	for i := range 50 {
		exec(t, writerDB, "INSERT INTO posts (id) VALUES (?)", fmt.Sprintf("post%d", i))
	}
	exec(t, writerDB, "ANALYZE") // a fresh install's statistics: one member

	readers := openPool(t, path, 2)
	if got := usersPlan(t, readers); got != "SCAN" {
		t.Fatalf("with one member on record the plan should walk users (the hazard), got %s", got)
	}

	// A crowd signs up.
	exec(t, writerDB, "BEGIN")
	for i := range 20_000 {
		exec(t, writerDB, "INSERT INTO users (id) VALUES (?)", fmt.Sprintf("crowd%05d", i))
	}
	exec(t, writerDB, "COMMIT")
	if got := usersPlan(t, readers); got != "SCAN" {
		t.Fatalf("before the refresh the pooled connection still plans with one member, got %s", got)
	}

	changed, err := refreshPlannerStats(writer)
	if err != nil || !changed {
		t.Fatalf("the refresh after a tenfold growth changed nothing (%v)", err)
	}
	for range 3 { // whichever pooled connection answers
		if got := usersPlan(t, readers); got != "SEARCH" {
			t.Fatalf("after the refresh a pooled connection still walks users: %s", got)
		}
	}

	changed, err = refreshPlannerStats(writer)
	if err != nil || changed {
		t.Fatalf("a second refresh with nothing grown reported a change (%v)", err)
	}
}

func TestARefreshBeforeAnyAnalysisWorks(t *testing.T) {
	writerDB := openPool(t, filepath.Join(t.TempDir(), "data.db"), 1)
	exec(t, writerDB, "CREATE TABLE ideas (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
	exec(t, writerDB, "CREATE INDEX idx_ideas_title ON ideas (title)")
	if _, err := refreshPlannerStats(dbx.NewFromDB(writerDB, "sqlite")); err != nil {
		t.Fatal(err)
	}
}
