// What a start says when the versions change: an upgrade, a downgrade said so, a PocketBase downgrade refused.
package main

import (
	"strings"
	"testing"
)

func TestVersionChangesAreNamedTheWayTheyGo(t *testing.T) {
	cases := []struct {
		before, now versions
		want        string
	}{
		{versions{Chorus: "0.1.0", PocketBase: "0.39.11"}, versions{Chorus: "0.2.0", PocketBase: "0.39.11"}, "Upgrading: Chorus 0.1.0 → 0.2.0"},
		{versions{Chorus: "0.2.0", PocketBase: "0.39.11"}, versions{Chorus: "0.1.0", PocketBase: "0.39.11"}, "Downgrading: Chorus 0.2.0 → 0.1.0"},
		{versions{Chorus: "0.2.0", PocketBase: "0.39.10"}, versions{Chorus: "0.1.0", PocketBase: "0.39.11"}, "Changing versions: Chorus 0.2.0 → 0.1.0, PocketBase 0.39.10 → 0.39.11"},
		{versions{Chorus: "0.1.0", PocketBase: "0.39.11"}, versions{Chorus: "0.1.0", PocketBase: "0.39.11"}, ""},
	}
	for _, c := range cases {
		got, err := checkUpgrade(c.before, c.now)
		if err != nil || got != c.want {
			t.Errorf("%v → %v: got %q (%v), want %q", c.before, c.now, got, err, c.want)
		}
	}
	if _, err := checkUpgrade(versions{PocketBase: "0.39.11"}, versions{PocketBase: "0.39.10"}); err == nil ||
		!strings.Contains(err.Error(), "a downgrade is refused") {
		t.Errorf("a PocketBase downgrade: %v", err)
	}
}
