// Litestream beside PocketBase: its configuration (written into the data folder on every start), the restore
// of an empty data folder from the replica, and the copy of uploaded files kept beside a local replica.
package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// litestreamConfig mirrors tools/lib/backups/litestream-config.mjs: new WAL frames looked for every 100 ms and
// copied every 200 ms; Litestream's default checkpoints, which Chorus's PocketBase (IMMEDIATE) never refuses.
func (c config) litestreamConfig() string {
	replica := "      type: file\n      path: " + strconv.Quote(c.replicaDatabase()) + "\n"
	if c.remoteReplica() {
		replica = "      url: " + strconv.Quote(c.replica) + "\n"
		if c.endpoint != "" {
			replica += "      endpoint: " + strconv.Quote(c.endpoint) + "\n"
		}
	}
	return "# Written by chorus-server on every start; edits are overwritten.\n" +
		"logging:\n  level: warn\n  stderr: true\n" +
		"dbs:\n  - path: " + strconv.Quote(c.database()) + "\n    monitor-interval: 100ms\n" +
		"    replica:\n" + replica + "      sync-interval: 200ms\n"
}

func (c config) writeLitestreamConfig() (string, error) {
	path := filepath.Join(c.data, ".chorus-litestream.yml")
	return path, os.WriteFile(path, []byte(c.litestreamConfig()), 0o600)
}

// restoreIfEmpty restores data.db (and, from a local replica, the uploaded files) when the data folder has no
// database and the replica has one. Returns whether it restored.
func (c config) restoreIfEmpty(configPath string) (bool, error) {
	if _, err := os.Stat(c.database()); err == nil || !c.backupsOn() {
		return false, nil
	}
	if !c.remoteReplica() {
		if entries, _ := os.ReadDir(c.replicaDatabase()); len(entries) == 0 {
			return false, nil
		}
	}
	started := time.Now()
	restore := exec.Command(c.litestream(), "restore", "-config", configPath, "-if-replica-exists", c.database())
	restore.Stdin, restore.Stdout, restore.Stderr = os.Stdin, os.Stdout, os.Stderr
	restore.Env = litestreamEnv()
	if err := restore.Run(); err != nil {
		return false, fmt.Errorf("restoring %s from %s failed: %w", c.database(), c.replica, err)
	}
	if _, err := os.Stat(c.database()); err != nil {
		return false, nil
	}
	files := 0
	if !c.remoteReplica() {
		files, _ = mirrorFiles(c.replicaStorage(), filepath.Join(c.data, "storage"))
	}
	logf("Restored %s from %s in %.1f s (%d uploaded files).", c.database(), c.replica, time.Since(started).Seconds(), files)
	return true, nil
}

// mirrorFiles copies every file `from` has and `to` lacks (or holds at another size). PocketBase writes each
// upload once under a new name, so this keeps a whole copy; deleted uploads stay, for earlier restore points.
func mirrorFiles(from, to string) (int, error) {
	copied := 0
	err := filepath.WalkDir(from, func(path string, entry fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if !entry.Type().IsRegular() {
			return nil
		}
		relative, _ := filepath.Rel(from, path)
		target := filepath.Join(to, relative)
		source, err := entry.Info()
		if err != nil {
			return nil
		}
		if existing, err := os.Stat(target); err == nil && existing.Size() == source.Size() {
			return nil
		}
		if err := copyFile(path, target); err != nil && !os.IsNotExist(err) {
			return err
		}
		copied++
		return nil
	})
	return copied, err
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	partial := to + ".partial"
	out, err := os.Create(partial)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Rename(partial, to)
}

func (c config) replicaDescription() string {
	if !c.backupsOn() {
		return "off"
	}
	return strings.TrimSuffix(c.replica, "/")
}

// litestreamEnv is chorus-server's environment without AWS_CA_BUNDLE: Litestream 0.5.18 cannot apply it to its
// S3 client and then refuses to start ("unable to add custom RootCAs HTTPClient"); the system's certificates
// are used instead (in the image, /etc/ssl/certs).
func litestreamEnv() []string {
	env := make([]string, 0, len(os.Environ()))
	for _, entry := range os.Environ() {
		if strings.HasPrefix(entry, "AWS_CA_BUNDLE=") {
			logOnce.Do(func() {
				logf("AWS_CA_BUNDLE is ignored for Litestream (it cannot use it); it trusts the system's certificates")
			})
			continue
		}
		env = append(env, entry)
	}
	return env
}

var logOnce sync.Once
