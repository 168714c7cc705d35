// Each JavaScript runtime remembers the modules its hooks required by absolute path (issue 35).
//
// The hooks require their modules inside every handler (each handler runs in a pooled runtime that sees none
// of its file's variables), and goja_nodejs resolves a path before its own module cache is asked: an
// EvalSymlinks, one lstat syscall per path element, on every call. A vote's handlers made about 20 such calls,
// 7% of its CPU. The module loaded is the same (goja_nodejs keeps one per resolved path); a changed hook file
// restarts PocketBase (--hooksWatch), so nothing stale is served. Relative paths are passed through unchanged.
package main

import (
	"path/filepath"

	"github.com/dop251/goja"
)

// bindRequireCache wraps the runtime's `require` (set by PocketBase's jsvm before OnInit) with a per-runtime
// cache of the exports by absolute path. A runtime runs one handler at a time, so the map needs no lock.
func bindRequireCache(vm *goja.Runtime) {
	original, ok := goja.AssertFunction(vm.Get("require"))
	if !ok {
		return
	}
	exports := map[string]goja.Value{}
	_ = vm.Set("require", func(call goja.FunctionCall) goja.Value {
		path := call.Argument(0).String()
		absolute := filepath.IsAbs(path)
		if cached, found := exports[path]; absolute && found {
			return cached
		}
		value, err := original(goja.Undefined(), call.Arguments...)
		if err != nil {
			panic(err) // rethrown as the same JavaScript exception
		}
		if absolute {
			exports[path] = value
		}
		return value
	})
}
