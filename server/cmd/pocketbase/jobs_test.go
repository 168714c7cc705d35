// $jobs.wake runs a registered job on its own goroutine, only while PocketBase serves, and says so; wakes during a
// run coalesce into one more run after it.
package main

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

func TestWakeRunsARegisteredJobOnlyWhileServing(t *testing.T) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	ran := make(chan struct{}, 1)
	app.Cron().MustAdd("probe", "0 0 1 1 *", func() { ran <- struct{}{} })
	vm := goja.New()
	bindJobs(vm, app)
	wake := func(id string) bool {
		value, err := vm.RunString(`$jobs.wake(` + "`" + id + "`" + `)`)
		if err != nil {
			t.Fatal(err)
		}
		return value.ToBoolean()
	}

	serving.Store(false)
	if wake("probe") {
		t.Fatal("a CLI command (not serving) woke a job")
	}
	serving.Store(true)
	defer serving.Store(false)
	if !wake("probe") {
		t.Fatal("a registered job was not woken")
	}
	select {
	case <-ran:
	case <-time.After(5 * time.Second):
		t.Fatal("the woken job did not run")
	}
	if wake("no-such-job") {
		t.Fatal("an unknown job was reported woken")
	}
}

func TestWakesDuringARunAskForOneMoreRunAfterIt(t *testing.T) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	started := make(chan struct{}, 10)
	release := make(chan struct{})
	var running, most, runs atomic.Int32
	app.Cron().MustAdd("slow", "0 0 1 1 *", func() {
		now := running.Add(1)
		if now > most.Load() {
			most.Store(now)
		}
		runs.Add(1)
		started <- struct{}{}
		<-release
		running.Add(-1)
	})
	serving.Store(true)
	defer serving.Store(false)

	if !runJob(app, "slow") {
		t.Fatal("a registered job was not woken")
	}
	<-started
	for range 5 {
		if !runJob(app, "slow") {
			t.Fatal("a wake during a run was refused")
		}
	}
	release <- struct{}{} // the first run ends; the five wakes it saw ask for one more
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatal("the wakes during the run did not run the job again after it")
	}
	release <- struct{}{}
	time.Sleep(200 * time.Millisecond)
	if got := runs.Load(); got != 2 {
		t.Fatalf("runs = %d, want 2 (one woken, one for the five wakes during it)", got)
	}
	if most.Load() != 1 {
		t.Fatalf("%d runs at once, want 1", most.Load())
	}
	// Idle again: the next wake runs it at once.
	runJob(app, "slow")
	select {
	case <-started:
		release <- struct{}{}
	case <-time.After(5 * time.Second):
		t.Fatal("a wake after the runs ended did not run the job")
	}
}

func TestAJobThatPanicsStillRunsOnTheNextWake(t *testing.T) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	var calls atomic.Int32
	ran := make(chan struct{}, 2)
	app.Cron().MustAdd("fragile", "0 0 1 1 *", func() {
		ran <- struct{}{}
		if calls.Add(1) == 1 {
			panic("first run fails")
		}
	})
	serving.Store(true)
	defer serving.Store(false)
	runJob(app, "fragile")
	<-ran
	time.Sleep(100 * time.Millisecond)
	runJob(app, "fragile")
	select {
	case <-ran:
	case <-time.After(5 * time.Second):
		t.Fatal("after a panic, the job was never woken again")
	}
}
