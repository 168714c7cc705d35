// $jobs.wake runs a registered job on its own goroutine, only while PocketBase serves, and says so.
package main

import (
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
