// The per-runtime module cache: a module required twice by absolute path is resolved once and is the same
// object; relative paths and failures go to goja_nodejs every time.
package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
)

func runtimeWithCountingResolver(t *testing.T) (*goja.Runtime, *int, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "counter.js"), []byte("module.exports = { made: Date.now() + Math.random() };"), 0o644); err != nil {
		t.Fatal(err)
	}
	resolved := 0
	registry := require.NewRegistry(require.WithPathResolver(func(base, path string) string {
		resolved++
		return require.DefaultPathResolver(base, path)
	}))
	vm := goja.New()
	registry.Enable(vm)
	bindRequireCache(vm)
	_ = vm.Set("dir", dir)
	return vm, &resolved, dir
}

func TestAModuleRequiredTwiceByAbsolutePathIsResolvedOnce(t *testing.T) {
	vm, resolved, _ := runtimeWithCountingResolver(t)
	same, err := vm.RunString("require(dir + '/counter.js') === require(dir + '/counter.js')")
	if err != nil {
		t.Fatal(err)
	}
	if !same.ToBoolean() {
		t.Fatal("the second require returned another module")
	}
	if *resolved != 1 {
		t.Fatalf("resolved %d times, want 1", *resolved)
	}
}

func TestAMissingModuleStillThrowsEveryTime(t *testing.T) {
	vm, resolved, _ := runtimeWithCountingResolver(t)
	perAttempt := 0
	for attempt := 1; attempt <= 2; attempt++ {
		_, err := vm.RunString("require(dir + '/missing.js')")
		if err == nil || !strings.Contains(err.Error(), "Invalid module") {
			t.Fatalf("attempt %d: %v, want the loader's error", attempt, err)
		}
		if attempt == 1 {
			perAttempt = *resolved
		}
	}
	caught, err := vm.RunString("try { require(dir + '/missing.js'); 'no' } catch (e) { 'caught' }")
	if err != nil || caught.String() != "caught" {
		t.Fatalf("a JavaScript try did not catch the failure: %v %v", caught, err)
	}
	if perAttempt == 0 || *resolved != 3*perAttempt {
		t.Fatalf("resolved %d times in 3 attempts (%d in the first): a failure must never be kept", *resolved, perAttempt)
	}
}
