// chorus-server's environment files: the example parses as written once uncommented, a trailing comment is
// refused (it would become part of the value), and deploy's file wins over the operator's.
package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTheExampleFileParsesOnceUncommented(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", "chorus.env.example"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	var names []string
	for _, line := range strings.Split(string(raw), "\n") {
		// An operator uncomments the settings: `# NAME=value` lines.
		if rest, ok := strings.CutPrefix(line, "# "); ok && strings.Contains(rest, "=") && !strings.Contains(rest, " ") {
			line = rest
			names = append(names, strings.SplitN(rest, "=", 2)[0])
		}
		lines = append(lines, line)
	}
	if len(names) < 5 {
		t.Fatalf("want the example's settings, found %q", names)
	}
	file := filepath.Join(t.TempDir(), "chorus.env")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		t.Setenv(name, "")
		os.Unsetenv(name)
	}
	if err := readEnvFile(file, true); err != nil {
		t.Fatal(err)
	}
	if got := os.Getenv("CHORUS_REPLICA_DIR"); got != "/var/lib/chorus/replica" {
		t.Fatalf("CHORUS_REPLICA_DIR = %q", got)
	}
}

func TestATrailingCommentIsRefused(t *testing.T) {
	file := filepath.Join(t.TempDir(), "chorus.env")
	os.WriteFile(file, []byte("CHORUS_TEST_REPLICA=/var/lib/chorus/replica   # or off\n"), 0o600)
	err := readEnvFile(file, true)
	if err == nil || !strings.Contains(err.Error(), "line 1: CHORUS_TEST_REPLICA's value holds a comment") {
		t.Fatalf("want a refusal naming the line, got %v", err)
	}
	os.WriteFile(file, []byte("CHORUS_TEST_QUOTED='a # b'\n"), 0o600)
	t.Setenv("CHORUS_TEST_QUOTED", "")
	os.Unsetenv("CHORUS_TEST_QUOTED")
	if err := readEnvFile(file, true); err != nil || os.Getenv("CHORUS_TEST_QUOTED") != "a # b" {
		t.Fatalf("a quoted # is the value's: %v, %q", err, os.Getenv("CHORUS_TEST_QUOTED"))
	}
}

func TestDeploysFileWinsOverTheOperators(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "chorus.env"), []byte("EDGE_URL=https://old.example.com\nCHORUS_TEST_OWN=kept\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "deploy.env"), []byte("EDGE_URL=https://feedback.example.com\n"), 0o600)
	for _, name := range []string{"EDGE_URL", "CHORUS_TEST_OWN", "CHORUS_DATA", "CHORUS_REPLICA_DIR"} {
		t.Setenv(name, "")
		os.Unsetenv(name)
	}
	t.Setenv("CHORUS_ENV_FILE", filepath.Join(dir, "chorus.env"))
	if _, err := loadConfig(); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("EDGE_URL") != "https://feedback.example.com" || os.Getenv("CHORUS_TEST_OWN") != "kept" {
		t.Fatalf("EDGE_URL = %q, CHORUS_TEST_OWN = %q", os.Getenv("EDGE_URL"), os.Getenv("CHORUS_TEST_OWN"))
	}
}

func TestACommandOnAnEmptyDataFolderIsRefusedNamingChorusData(t *testing.T) {
	c := config{bundle: "/opt/chorus", data: t.TempDir()}
	err := c.refuseEmptyData([]string{"superuser", "upsert", "you@example.com", "secret"})
	if err == nil || !strings.Contains(err.Error(), "CHORUS_DATA=/var/lib/chorus/pb_data /opt/chorus/chorus-server pocketbase superuser upsert …") {
		t.Fatalf("want a refusal naming CHORUS_DATA, got %v", err)
	}
	if strings.Contains(err.Error(), "secret") {
		t.Fatalf("the refusal repeats the password: %v", err)
	}
	if err := c.refuseEmptyData([]string{"superuser", "--help"}); err != nil {
		t.Fatalf("help needs no database: %v", err)
	}
	os.WriteFile(c.database(), nil, 0o600)
	if err := c.refuseEmptyData([]string{"superuser", "upsert", "you@example.com", "secret"}); err != nil {
		t.Fatalf("a data folder with a database: %v", err)
	}
}
