// How many record writes run their hooks at once: one more than the CPUs, within the runtime pool, or as set.
package main

import (
	"runtime"
	"testing"
)

func TestWriteSlotsFollowTheCPUsWithinThePool(t *testing.T) {
	t.Setenv("CHORUS_WRITE_SLOTS", "")
	cpus := runtime.GOMAXPROCS(0)
	if got := writeSlotsFor(1024); got != cpus+1 {
		t.Fatalf("a large pool: %d slots, want %d (one more than the CPUs)", got, cpus+1)
	}
	if got := writeSlotsFor(32); got != min(cpus+1, 2) {
		t.Fatalf("a pool of 32: %d slots, want %d (sixteen runtimes each)", got, min(cpus+1, 2))
	}
	if got := writeSlotsFor(4); got != 1 {
		t.Fatalf("a tiny pool: %d slots, want 1", got)
	}
}

func TestWriteSlotsAsSet(t *testing.T) {
	t.Setenv("CHORUS_WRITE_SLOTS", "5")
	if got := writeSlotsFor(128); got != 5 {
		t.Fatalf("CHORUS_WRITE_SLOTS=5: %d slots", got)
	}
	t.Setenv("CHORUS_WRITE_SLOTS", "none")
	if got := writeSlotsFor(1024); got != runtime.GOMAXPROCS(0)+1 {
		t.Fatalf("a bad CHORUS_WRITE_SLOTS is ignored: %d slots", got)
	}
}
