// chorus-server: the one entry of Chorus's server bundle. Unpacked anywhere and started with nothing else, it
// restores the database from its replica when the data folder is empty, says what an upgrade changes (and takes a
// backup point before migrations apply), runs PocketBase with Chorus's hooks, migrations and message files under
// Litestream's continuous replication, and on SIGTERM stops PocketBase first (its last writes committed), then
// Litestream (which copies them to the replica), so no acknowledged write is lost.
package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	healthWait   = 10 * time.Minute // migrations of a large database run before PocketBase answers
	stopWait     = 30 * time.Second
	restartDelay = time.Second
	mirrorEvery  = 2 * time.Second
)

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "chorus-server: "+format+"\n", args...)
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "pocketbase" {
		os.Exit(pocketbaseCLI(os.Args[2:]))
	}
	for _, arg := range os.Args[1:] {
		switch arg {
		case "--health":
			os.Exit(healthCheck())
		case "--help", "-h", "help":
			printHelp()
			return
		case "--version", "version":
			c, _ := loadConfig()
			v := c.bundleVersions()
			fmt.Printf("Chorus %s, PocketBase %s, Litestream %s\n", v.Chorus, v.PocketBase, v.Litestream)
			return
		default:
			logf("unknown argument %q; see chorus-server --help", arg)
			os.Exit(2)
		}
	}
	c, err := loadConfig()
	if err == nil {
		err = run(c)
	}
	if err != nil {
		logf("%v", err)
		os.Exit(1)
	}
}

func printHelp() {
	fmt.Print("Usage: chorus-server [--help | --version | --health | pocketbase <command>…]\n\n" +
		"Runs Chorus's PocketBase (hooks, migrations and message files from this bundle) under Litestream:\n" +
		"restores an empty data folder from the replica, backs up before migrations, replicates continuously,\n" +
		"and stops cleanly on SIGTERM. Settings are environment variables (the environment wins over deploy.env,\n" +
		"which wins over chorus.env):\n\n")
	for _, s := range settings {
		fallback := ""
		if s.fallback != "" {
			fallback = " (default: " + s.fallback + ")"
		}
		fmt.Printf("  %-30s %s%s\n", s.name, s.meaning, fallback)
	}
	fmt.Print("\nEvery other variable (SMTP, OAuth, CHORUS_OUTBOUND_ALLOW, …) reaches PocketBase's hooks as is.\n\n" +
		"  --health                 exit 0 when PocketBase answers on CHORUS_HTTP (a container's health check)\n" +
		"  pocketbase <command>…    PocketBase's own command line on the server's data folder (CHORUS_DATA; refused\n" +
		"                           when it holds no database), run as the user the server runs as, e.g.\n" +
		"                           sudo -u chorus CHORUS_DATA=/var/lib/chorus/pb_data ./chorus-server \\\n" +
		"                             pocketbase superuser upsert you@example.com '<password>'\n" +
		"                           chorus-server pocketbase chorus-admin you@example.com   (the first admin)\n")
}

// pocketbaseCLI runs one of PocketBase's own commands on the data folder, with the bundle's migrations and hooks.
func pocketbaseCLI(args []string) int {
	c, err := loadConfig()
	if err != nil {
		logf("%v", err)
		return 1
	}
	if len(args) == 0 || args[0] == "serve" {
		logf("`chorus-server pocketbase <command>` runs PocketBase's other commands; chorus-server itself serves")
		return 2
	}
	if err := c.refuseEmptyData(args); err != nil {
		logf("%v", err)
		return 2
	}
	cmd := c.pocketbaseCommand(args...)
	cmd.Stdin = os.Stdin
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		logf("%v", err)
		return 1
	}
	return 0
}

// refuseEmptyData stops a command (a superuser, an admin) from landing in a new, empty data folder when the
// server's is elsewhere: the service's CHORUS_DATA is not in this shell's environment.
func (c config) refuseEmptyData(args []string) error {
	for _, arg := range args {
		if arg == "--help" || arg == "-h" || arg == "help" {
			return nil
		}
	}
	if _, err := os.Stat(c.database()); err == nil {
		return nil
	}
	return fmt.Errorf("no database in %s: that is not the data folder the server uses. Name the server's with "+
		"CHORUS_DATA, as the user it runs as (the systemd unit's: sudo -u chorus CHORUS_DATA=/var/lib/chorus/pb_data "+
		"%s pocketbase %s); on a new server, start chorus-server once first (it creates the database)",
		c.data, filepath.Join(c.bundle, "chorus-server"), commandOnly(args))
}

// commandOnly is a command's words without its arguments, which may hold a password.
func commandOnly(args []string) string {
	words := args[:1]
	if len(args) > 1 && !strings.Contains(args[1], "@") && !strings.HasPrefix(args[1], "-") && args[0] == "superuser" {
		words = args[:2]
	}
	return strings.Join(words, " ") + " …"
}

// healthCheck asks PocketBase's /api/health on CHORUS_HTTP once.
func healthCheck() int {
	c, err := loadConfig()
	if err != nil {
		return 1
	}
	client := http.Client{Timeout: 3 * time.Second}
	response, err := client.Get(healthURL(c.http))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	response.Body.Close()
	if response.StatusCode != http.StatusOK {
		return 1
	}
	return 0
}
func run(c config) error {
	if err := os.MkdirAll(c.data, 0o750); err != nil {
		return err
	}
	now := c.bundleVersions()
	if before, served := c.servedBy(); served {
		change, err := checkUpgrade(before, now)
		if err != nil {
			return err
		}
		if change != "" {
			logf("%s", change)
		}
	}
	configPath := ""
	if c.backupsOn() {
		var err error
		if configPath, err = c.writeLitestreamConfig(); err != nil {
			return err
		}
		if _, err := c.restoreIfEmpty(configPath); err != nil {
			return err
		}
	}
	if _, err := os.Stat(c.database()); err == nil {
		if err := c.pocketbaseCommand("chorus-upgrade").Run(); err != nil {
			return fmt.Errorf("the upgrade check refused to start: %w", err)
		}
	}

	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	pocketbase := c.pocketbaseCommand("serve", "--http="+c.http, "--hooksWatch=false", "--automigrate=false",
		"--publicDir="+filepath.Join(c.bundle, "pb_public"))
	if err := pocketbase.Start(); err != nil {
		return fmt.Errorf("starting PocketBase: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- pocketbase.Wait() }()
	logf("PocketBase is starting on %s (data: %s, replica: %s)", c.http, c.data, c.replicaDescription())

	if err := waitForHealth(c.http, exited); err != nil {
		return err
	}
	if err := c.recordServedBy(now); err != nil {
		logf("could not record the versions in %s: %v", c.data, err)
	}
	var replication *replicator
	if c.backupsOn() {
		replication = startReplicator(c, configPath)
	}
	logf("Chorus is up: PocketBase %s on %s", now.PocketBase, c.http)

	select {
	case sig := <-stop:
		logf("%s: stopping PocketBase, then the replication", sig)
		signalAndWait(pocketbase, exited)
		replication.stop()
		return nil
	case err := <-exited:
		replication.stop()
		return fmt.Errorf("PocketBase stopped unexpectedly: %v", err)
	}
}

// pocketbaseCommand runs the bundle's PocketBase on the data folder with the bundle's hooks, migrations and
// message files, in its own process group (a terminal's Ctrl-C reaches chorus-server, which orders the stop).
func (c config) pocketbaseCommand(args ...string) *exec.Cmd {
	cmd := exec.Command(c.pocketbase(), withDataFlags(args, c.pocketbaseFlags())...)
	// Its own streams, never a fresh /dev/null: a bare root filesystem (chroot) has no /dev.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), goRuntime()...)
	cmd.Env = append(cmd.Env, "CHORUS_LOCALES_DIR="+filepath.Join(c.bundle, "locales"),
		"CHORUS_REPLICA_DIR="+c.replicaDescription(), "CHORUS_VERSION="+c.bundleVersions().Chorus)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// healthURL is PocketBase's health route on the listen address (a wildcard address asked on the loopback).
func healthURL(address string) string {
	host, port, _ := strings.Cut(address, ":")
	if host == "" || host == "0.0.0.0" || host == "::" || host == "[::]" {
		host = "127.0.0.1"
	}
	return "http://" + host + ":" + port + "/api/health"
}

func (c config) pocketbaseFlags() []string {
	return []string{"--dir=" + c.data, "--migrationsDir=" + filepath.Join(c.bundle, "pb_migrations"),
		"--hooksDir=" + filepath.Join(c.bundle, "pb_hooks")}
}

// withDataFlags puts the flags before a `--` (after which everything is an argument, e.g. a password).
func withDataFlags(args, flags []string) []string {
	for i, arg := range args {
		if arg == "--" {
			return append(append(append([]string{}, args[:i]...), flags...), args[i:]...)
		}
	}
	return append(append([]string{}, args...), flags...)
}

func waitForHealth(address string, exited chan error) error {
	url := healthURL(address)
	client := http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(healthWait)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			exited <- err
			return fmt.Errorf("PocketBase stopped before it answered: %v", err)
		default:
		}
		if response, err := client.Get(url); err == nil {
			response.Body.Close()
			if response.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("PocketBase did not answer on %s within %s", url, healthWait)
}

// signalAndWait asks a process to stop (SIGTERM) and waits for it, killing it after stopWait.
func signalAndWait(cmd *exec.Cmd, exited chan error) {
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(stopWait):
		logf("%s did not stop within %s; killing it", filepath.Base(cmd.Path), stopWait)
		_ = cmd.Process.Kill()
		<-exited
	}
}

// replicator keeps `litestream replicate` running (restarting it if it dies) and, for a local replica, copies
// new uploaded files beside the database's replica.
type replicator struct {
	mu       sync.Mutex
	c        config
	cmd      *exec.Cmd
	exited   chan error
	stopping bool
	done     chan struct{}
}

func startReplicator(c config, configPath string) *replicator {
	r := &replicator{c: c, done: make(chan struct{})}
	r.mu.Lock()
	r.launch(configPath)
	r.mu.Unlock()
	if !c.remoteReplica() {
		go func() {
			ticker := time.NewTicker(mirrorEvery)
			defer ticker.Stop()
			for {
				select {
				case <-r.done:
					return
				case <-ticker.C:
					if _, err := mirrorFiles(filepath.Join(c.data, "storage"), c.replicaStorage()); err != nil {
						logf("backing up uploaded files failed: %v", err)
					}
				}
			}
		}()
	}
	return r
}

func (r *replicator) launch(configPath string) {
	cmd := exec.Command(r.c.litestream(), "replicate", "-config", configPath)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = litestreamEnv()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf("starting Litestream failed: %v", err)
		return
	}
	exited := make(chan error, 1)
	r.cmd, r.exited = cmd, exited
	go func() {
		err := cmd.Wait()
		exited <- err
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.stopping || r.cmd != cmd {
			return
		}
		logf("Litestream (backups) stopped unexpectedly (%v); restarting it", err)
		time.Sleep(restartDelay)
		r.launch(configPath)
	}()
}

// stop ends the replication after a last copy of new uploads; Litestream syncs what it has on SIGTERM.
func (r *replicator) stop() {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.stopping = true
	cmd, exited := r.cmd, r.exited
	r.mu.Unlock()
	close(r.done)
	if !r.c.remoteReplica() {
		if _, err := mirrorFiles(filepath.Join(r.c.data, "storage"), r.c.replicaStorage()); err != nil {
			logf("backing up uploaded files failed: %v", err)
		}
	}
	if cmd != nil {
		signalAndWait(cmd, exited)
	}
}
