// Waking a cron job from the hooks without a loopback request (issue 35), given to them as $jobs.
//
//	$jobs.wake(jobId) → true when this PocketBase serves and runs the job now, on its own goroutine
//
// pb_hooks/lib/webhooks/kick.js used to ask PocketBase's own POST /api/crons/{id} over loopback (a superuser
// looked up, a token signed, an HTTP request routed and authenticated) after every comment, new idea and live
// change; PocketBase's cron route runs the job exactly this way (apis/cron.go: routine.FireAndForget(job.Run)).
// A CLI command (migrate, superuser) never runs jobs: it does not serve, so wake answers false.
package main

import (
	"sync/atomic"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/routine"
)

// serving is set once PocketBase serves HTTP: only then do woken jobs run.
var serving atomic.Bool

func registerJobWaking(app core.App) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			serving.Store(true)
			return e.Next()
		},
	})
}

func bindJobs(vm *goja.Runtime, app core.App) {
	object := vm.NewObject()
	_ = object.Set("wake", func(id string) bool {
		return serving.Load() && runJob(app, id)
	})
	_ = vm.Set("$jobs", object)
}

// runJob runs a registered cron job now on its own goroutine (as PocketBase's POST /api/crons/{id} does); false
// when no job has that id.
func runJob(app core.App, id string) bool {
	for _, job := range app.Cron().Jobs() {
		if job.Id() == id {
			routine.FireAndForget(job.Run)
			return true
		}
	}
	return false
}
