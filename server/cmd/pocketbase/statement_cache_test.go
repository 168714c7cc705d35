// The caching driver: statements kept on their second run and reused, never handed out twice at once, bounded,
// re-planned after a schema change, usable again after a failed run, and never run twice for one query.
package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"path/filepath"
	"testing"
)

func openOneConnection(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open(cachingDriverName, filepath.Join(t.TempDir(), "data.db")+"?"+pragmas)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Exec("CREATE TABLE ideas (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE)"); err != nil {
		t.Fatal(err)
	}
	return db
}

// kept reports how many statements the one connection keeps.
func kept(t *testing.T, db *sql.DB) int {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	count := -1
	_ = conn.Raw(func(driverConn any) error {
		count = len(driverConn.(*cachingConn).kept)
		return nil
	})
	return count
}

func TestAStatementRunTwiceIsKeptAndGivesTheSameAnswers(t *testing.T) {
	db := openOneConnection(t)
	insert := "INSERT INTO ideas (title) VALUES (?)"
	for i := range 3 {
		if _, err := db.Exec(insert, fmt.Sprintf("idea %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := kept(t, db); got != 1 {
		t.Fatalf("kept %d statements after one text ran three times, want 1", got)
	}
	for range 3 {
		var count int
		if err := db.QueryRow("SELECT COUNT(*) FROM ideas WHERE title LIKE ?", "idea%").Scan(&count); err != nil || count != 3 {
			t.Fatalf("count %d, %v", count, err)
		}
	}
	if got := kept(t, db); got != 2 {
		t.Fatalf("kept %d, want 2", got)
	}
}

func TestAStatementBeingReadIsNotHandedOutAgain(t *testing.T) {
	db := openOneConnection(t)
	for _, title := range []string{"a", "b", "c"} {
		if _, err := db.Exec("INSERT INTO ideas (title) VALUES (?)", title); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := db.Begin() // one connection for the nested reads
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	query := "SELECT title FROM ideas ORDER BY title"
	for range 2 { // kept from here on
		rows, err := tx.Query(query)
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	outer, err := tx.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []string
	for outer.Next() {
		var title string
		_ = outer.Scan(&title)
		var inner []string
		rows, err := tx.Query(query) // the same text while the kept statement is being read
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var other string
			_ = rows.Scan(&other)
			inner = append(inner, other)
		}
		rows.Close()
		pairs = append(pairs, fmt.Sprint(title, inner))
	}
	outer.Close()
	want := []string{"a[a b c]", "b[a b c]", "c[a b c]"}
	if fmt.Sprint(pairs) != fmt.Sprint(want) {
		t.Fatalf("nested reads %v, want %v", pairs, want)
	}
}

func TestSQLCarryingItsValuesNeverEvictsTheHotStatements(t *testing.T) {
	db := openOneConnection(t)
	hot := "SELECT COUNT(*) FROM ideas"
	var count int
	for range 2 {
		_ = db.QueryRow(hot).Scan(&count)
	}
	for i := range 3 * statementsPerConnection {
		_ = db.QueryRow(fmt.Sprintf("SELECT COUNT(*) FROM ideas WHERE id = %d", i)).Scan(&count)
	}
	if got := kept(t, db); got != 1 {
		t.Fatalf("kept %d statements, want only the hot one", got)
	}
	for i := range 2 * statementsPerConnection {
		for range 2 {
			_ = db.QueryRow(fmt.Sprintf("SELECT COUNT(*) FROM ideas WHERE id > %d", i)).Scan(&count)
		}
	}
	if got := kept(t, db); got != statementsPerConnection {
		t.Fatalf("kept %d statements, want at most %d", got, statementsPerConnection)
	}
}

func TestAKeptStatementFollowsASchemaChangeAndAFailure(t *testing.T) {
	db := openOneConnection(t)
	insert := "INSERT INTO ideas (title) VALUES (?)"
	for _, title := range []string{"one", "two"} {
		if _, err := db.Exec(insert, title); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(insert, "one"); err == nil {
		t.Fatal("a duplicate title was accepted")
	}
	if _, err := db.Exec(insert, "three"); err != nil {
		t.Fatalf("the kept statement failed after a refused run: %v", err)
	}
	read := "SELECT * FROM ideas ORDER BY id LIMIT 1"
	columns := func() int {
		rows, err := db.Query(read)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		names, _ := rows.Columns()
		return len(names)
	}
	columns()
	if got := columns(); got != 2 {
		t.Fatalf("%d columns, want 2", got)
	}
	if _, err := db.Exec("ALTER TABLE ideas ADD COLUMN votes INTEGER NOT NULL DEFAULT 0"); err != nil {
		t.Fatal(err)
	}
	if got := columns(); got != 3 {
		t.Fatalf("%d columns after the schema changed, want 3", got)
	}
}

// plainStatement is a prepared statement whose rows report no column types; it counts its runs.
type plainStatement struct {
	reusableStatement
	runs *int
}

func (s plainStatement) QueryContext(context.Context, []driver.NamedValue) (driver.Rows, error) {
	*s.runs++
	return plainRows{}, nil
}

type plainRows struct{}

func (plainRows) Columns() []string         { return []string{"id"} }
func (plainRows) Close() error              { return nil }
func (plainRows) Next([]driver.Value) error { return io.EOF }

// plainConn prepares plainStatements; a query it is asked to run unprepared counts as a run too.
type plainConn struct {
	sqliteConn
	runs *int
}

func (c plainConn) PrepareContext(context.Context, string) (driver.Stmt, error) {
	return plainStatement{runs: c.runs}, nil
}

func (c plainConn) QueryContext(context.Context, string, []driver.NamedValue) (driver.Rows, error) {
	*c.runs++
	return plainRows{}, nil
}

func TestAKeptStatementWhoseRowsLackColumnTypesRunsOnce(t *testing.T) {
	runs := 0
	conn := &cachingConn{sqliteConn: plainConn{runs: &runs}, kept: map[string]*keptStatement{}, seen: map[string]struct{}{}}
	const query = "INSERT INTO ideas (title) VALUES (?) RETURNING id"
	for want := 1; want <= 3; want++ { // unkept, then kept on its second sighting, then reused
		rows, err := conn.QueryContext(context.Background(), query, nil)
		if err != nil {
			t.Fatal(err)
		}
		if runs != want {
			t.Fatalf("run %d executed the statement %d times in all", want, runs)
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if kept := conn.kept[query]; kept == nil || kept.busy {
		t.Fatalf("the statement should be kept and free once its rows are closed: %+v", kept)
	}
}
