// $signatures.hmacSha1Hex against RFC 2202's test vectors, and as the hooks call it (a JavaScript string, UTF-8).
package main

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

func TestHmacSha1HexMatchesRFC2202(t *testing.T) {
	cases := []struct{ key, text, want string }{
		{strings.Repeat("\x0b", 20), "Hi There", "b617318655057264e28bc0b6fb378c8ef146be00"},
		{"Jefe", "what do ya want for nothing?", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
		{strings.Repeat("\xaa", 80), "Test Using Larger Than Block-Size Key - Hash Key First", "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
	}
	for _, c := range cases {
		if got := hmacSha1Hex(c.key, c.text); got != c.want {
			t.Errorf("hmacSha1Hex(%q) = %s, want %s", c.text, got, c.want)
		}
	}
}

func TestSignaturesBindingHashesUTF8(t *testing.T) {
	vm := goja.New()
	bindSignatures(vm)
	got, err := vm.RunString(`$signatures.hmacSha1Hex("Jefe", "what do ya want for nothing?") + " " + $signatures.hmacSha1Hex("k", "é😀")`)
	if err != nil {
		t.Fatal(err)
	}
	want := "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79 b6c555b94f5257bb5fc2c1d006bf9317630afcdd" // the second: Node's crypto for the same text
	if got.String() != want {
		t.Errorf("got %s, want %s", got.String(), want)
	}
}
