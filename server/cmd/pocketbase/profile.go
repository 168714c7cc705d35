// Optional CPU profiles for benches (issue 35: find where a write's time goes before changing it). With
// CHORUS_PPROF set to a loopback address (127.0.0.1:6060), Go's pprof handlers answer there, never on
// PocketBase's own port; any other address is refused with a line in the log. `npm run bench -- write-profile` uses it.
package main

import (
	"log"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
)

func startProfiler() {
	addr := os.Getenv("CHORUS_PPROF")
	if addr == "" {
		return
	}
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		log.Printf("CHORUS_PPROF=%q ignored: profiles are served on a loopback address only, such as 127.0.0.1:6060", addr)
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	go func() { log.Println(http.ListenAndServe(addr, mux)) }()
}
