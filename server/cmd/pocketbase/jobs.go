// Waking a cron job from the hooks without a loopback request (issue 35), given to them as $jobs.
//
//	$jobs.wake(jobId) → true when this PocketBase serves and runs the job now, on its own goroutine
//
// pb_hooks/webhooks/kick.js used to ask PocketBase's own POST /api/crons/{id} over loopback (a superuser
// looked up, a token signed, an HTTP request routed and authenticated) after every comment, new idea and live
// change; PocketBase's cron route runs the job exactly this way (apis/cron.go: routine.FireAndForget(job.Run)).
// A CLI command (migrate, superuser) never runs jobs: it does not serve, so wake answers false.
//
// Wakes of one job coalesce: while a woken run is in progress, further wakes ask for one more run after it
// rather than another beside it. Each run takes every queued row, so a burst of 100 comments a second wakes
// the notification queue a handful of times instead of 100 runs contending for the same rows (and the
// writer) at once; the delay this adds is at most one run of the job. The job's minute still runs it too.
package main

import (
	"fmt"
	"sync"
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

// wakes holds, per job id, whether a woken run is in progress and whether another was asked for meanwhile.
var (
	wakesMu sync.Mutex
	wakes   = map[string]*wakeState{}
)

type wakeState struct{ running, again bool }

// runJob runs a registered cron job now on its own goroutine (as PocketBase's POST /api/crons/{id} does), or once
// more after the run in progress; false when no job has that id.
func runJob(app core.App, id string) bool {
	var run func()
	for _, job := range app.Cron().Jobs() {
		if job.Id() == id {
			run = job.Run
			break
		}
	}
	if run == nil {
		return false
	}
	wakesMu.Lock()
	state := wakes[id]
	if state == nil {
		state = &wakeState{}
		wakes[id] = state
	}
	if state.running {
		state.again = true
		wakesMu.Unlock()
		return true
	}
	state.running = true
	wakesMu.Unlock()
	routine.FireAndForget(func() {
		for {
			runRecovering(app, id, run)
			wakesMu.Lock()
			if !state.again {
				state.running = false
				wakesMu.Unlock()
				return
			}
			state.again = false
			wakesMu.Unlock()
		}
	})
	return true
}

// runRecovering runs a job, logging a panic to PocketBase's logs (seen in the admin UI, beside the jobs' own
// warnings) instead of ending the loop that runs it again.
func runRecovering(app core.App, id string, run func()) {
	defer func() {
		if err := recover(); err != nil {
			app.Logger().Error("A woken job panicked", "job", id, "error", fmt.Sprint(err))
		}
	}()
	run()
}
