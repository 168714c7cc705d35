// chorus-server's settings: environment variables (the process's own win over deploy.env, the file `npm run
// deploy` writes, which wins over the operator's chorus.env; both beside the binary, or in the folder of the file
// CHORUS_ENV_FILE names), with defaults that make an unpacked bundle run with nothing else.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// settings lists every variable chorus-server reads itself, for --help.
var settings = []struct{ name, meaning, fallback string }{
	{"CHORUS_HTTP", "the address PocketBase listens on", "0.0.0.0:8090"},
	{"CHORUS_DATA", "the data folder (database, uploads, PocketBase backups)", "<bundle>/pb_data"},
	{"CHORUS_REPLICA_DIR", "the continuous backup: a folder, an s3:// URL (S3, R2, MinIO), or off", "<data>_replica"},
	{"CHORUS_REPLICA_ENDPOINT", "the S3-compatible endpoint of an s3:// replica (R2: https://<account-id>.r2.cloudflarestorage.com)", ""},
	{"LITESTREAM_ACCESS_KEY_ID", "the s3:// replica's access key", ""},
	{"LITESTREAM_SECRET_ACCESS_KEY", "the s3:// replica's secret key", ""},
	{"CHORUS_ENV_FILE", "the operator's file of NAME=value lines; deploy.env beside it (npm run deploy's) wins over it", "<bundle>/chorus.env"},
	{"GOGC", "PocketBase's garbage collector target", "400"},
	{"GOMEMLIMIT", "PocketBase's soft memory limit", "70% of the machine's (or container's) memory"},
	{"EDGE_URL", "the site's address: PocketBase publishes live changes and purges there", ""},
	{"EDGE_PURGE_SECRET", "shared with the Worker: signs publishes and purges", ""},
	{"CHORUS_PROXY_SECRET", "shared with the Worker: names the header with visitors' addresses", ""},
}

type config struct {
	bundle, http, data, replica, endpoint string
}

func (c config) backupsOn() bool         { return c.replica != "off" }
func (c config) remoteReplica() bool     { return strings.Contains(c.replica, "://") }
func (c config) pocketbase() string      { return filepath.Join(c.bundle, "bin", "pocketbase") }
func (c config) litestream() string      { return filepath.Join(c.bundle, "bin", "litestream") }
func (c config) database() string        { return filepath.Join(c.data, "data.db") }
func (c config) replicaDatabase() string { return filepath.Join(c.replica, "data") }
func (c config) replicaStorage() string  { return filepath.Join(c.replica, "storage") }

func loadConfig() (config, error) {
	exe, err := os.Executable()
	if err != nil {
		// No /proc (a bare chroot): the path it was started by.
		if exe, err = filepath.Abs(os.Args[0]); err != nil {
			return config{}, err
		}
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	bundle := filepath.Dir(exe)
	envFile := os.Getenv("CHORUS_ENV_FILE")
	if envFile == "" {
		envFile = filepath.Join(bundle, "chorus.env")
	}
	// The process's environment first, then deploy's own file, then the operator's: the first to set a name wins.
	if err := readEnvFile(filepath.Join(filepath.Dir(envFile), "deploy.env"), false); err != nil {
		return config{}, err
	}
	if err := readEnvFile(envFile, os.Getenv("CHORUS_ENV_FILE") != ""); err != nil {
		return config{}, err
	}
	c := config{
		bundle:   bundle,
		http:     orDefault(os.Getenv("CHORUS_HTTP"), "0.0.0.0:8090"),
		data:     absolute(orDefault(os.Getenv("CHORUS_DATA"), filepath.Join(bundle, "pb_data"))),
		replica:  strings.TrimSpace(os.Getenv("CHORUS_REPLICA_DIR")),
		endpoint: os.Getenv("CHORUS_REPLICA_ENDPOINT"),
	}
	if c.replica == "" {
		c.replica = c.data + "_replica"
	} else if !c.remoteReplica() && c.replica != "off" {
		c.replica = absolute(c.replica)
	}
	return c, nil
}

// readEnvFile sets each NAME=value of the file that the environment does not already set. A missing default
// file is fine; a missing file named by CHORUS_ENV_FILE is a mistake.
func readEnvFile(path string, named bool) error {
	file, err := os.Open(path)
	if os.IsNotExist(err) && !named {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	defer file.Close()
	scanner := bufio.NewScanner(file)
	for line := 1; scanner.Scan(); line++ {
		text := strings.TrimSpace(scanner.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		name, value, found := strings.Cut(strings.TrimPrefix(text, "export "), "=")
		if !found {
			return fmt.Errorf("%s line %d is not NAME=value", path, line)
		}
		name = strings.TrimSpace(name)
		value = strings.TrimSpace(value)
		if trailingComment(value) {
			return fmt.Errorf("%s line %d: %s's value holds a comment (%q); a comment goes on a line of its own "+
				"(systemd's EnvironmentFile= keeps it in the value too)", path, line, name, value)
		}
		if _, set := os.LookupEnv(name); !set {
			os.Setenv(name, unquote(value))
		}
	}
	return scanner.Err()
}

// trailingComment says whether an unquoted value carries a ` #` comment, which would become part of the value.
func trailingComment(value string) bool {
	if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
		return false
	}
	return strings.Contains(value, " #") || strings.Contains(value, "\t#")
}

func unquote(value string) string {
	if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
		return value[1 : len(value)-1]
	}
	return value
}

// goRuntime is the garbage collector setting PocketBase gets: GOGC=400 and a soft limit of 70% of the memory
// it may use (the cgroup's limit in a container, else the machine's), unless the operator set them.
func goRuntime() []string {
	env := []string{"GOGC=" + orDefault(os.Getenv("GOGC"), "400")}
	if limit := os.Getenv("GOMEMLIMIT"); limit != "" {
		return append(env, "GOMEMLIMIT="+limit)
	}
	if memory := availableMemory(); memory > 0 {
		return append(env, fmt.Sprintf("GOMEMLIMIT=%dMiB", memory*7/10/(1<<20)))
	}
	return env
}

func availableMemory() int64 {
	if raw, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if limit, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64); err == nil {
			return limit
		}
	}
	raw, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if fields := strings.Fields(line); len(fields) >= 2 && fields[0] == "MemTotal:" {
			kib, _ := strconv.ParseInt(fields[1], 10, 64)
			return kib * 1024
		}
	}
	return 0
}

func orDefault(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}

func absolute(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	return abs
}
