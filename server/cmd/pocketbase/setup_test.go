// The start's to-do list names each missing piece with its command, and says nothing on a server set up.
package main

import (
	"strings"
	"testing"
)

func TestStillToDoNamesEachMissingPieceWithItsCommand(t *testing.T) {
	todo := stillToDo(setupState{edgeURL: true, command: "CHORUS_DATA=/var/lib/chorus/pb_data /opt/chorus/chorus-server"})
	if len(todo) != 4 {
		t.Fatalf("want 4 lines (secrets, superuser, SMTP, admin), got %d: %q", len(todo), todo)
	}
	want := []string{
		"No EDGE_PURGE_SECRET, CHORUS_PROXY_SECRET",
		"CHORUS_DATA=/var/lib/chorus/pb_data /opt/chorus/chorus-server pocketbase superuser upsert",
		"npm run doctor",
		"/opt/chorus/chorus-server pocketbase chorus-admin you@example.com",
	}
	for i, line := range want {
		if !strings.Contains(todo[i], line) {
			t.Errorf("line %d: want %q in %q", i+1, line, todo[i])
		}
	}
	if strings.Contains(todo[0], "EDGE_URL") {
		t.Errorf("EDGE_URL is set, yet named: %q", todo[0])
	}
}

func TestStillToDoIsEmptyOnAServerSetUp(t *testing.T) {
	done := setupState{edgeURL: true, edgeSecret: true, proxySecret: true, smtp: true, superusers: 1, admins: 1}
	if todo := stillToDo(done); len(todo) != 0 {
		t.Fatalf("want nothing to do, got %q", todo)
	}
}
