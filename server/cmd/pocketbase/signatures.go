// The signature schemes PocketBase's $security lacks, for the hooks that check a vendor's webhook: $signatures.
// hmacSha1Hex(secret, text), the hex HMAC-SHA1 Intercom signs its notifications with (X-Hub-Signature: sha1=…).
// $security offers HMAC with SHA-256 and SHA-512 only, and SHA-1 written in the hooks' JavaScript took about two
// seconds for a 250 KB body: a forged request would cost that much. Here it takes well under a millisecond.
package main

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/hex"

	"github.com/dop251/goja"
)

// hmacSha1Hex is the lowercase hex HMAC-SHA1 of text's UTF-8 bytes keyed with secret's.
func hmacSha1Hex(secret, text string) string {
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(text))
	return hex.EncodeToString(mac.Sum(nil))
}

// bindSignatures gives the hooks $signatures.hmacSha1Hex(secret, text).
func bindSignatures(vm *goja.Runtime) {
	object := vm.NewObject()
	_ = object.Set("hmacSha1Hex", hmacSha1Hex)
	_ = vm.Set("$signatures", object)
}
