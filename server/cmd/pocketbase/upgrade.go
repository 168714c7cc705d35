// `pocketbase chorus-upgrade`: before a newer Chorus serves an existing database, say what will change, refuse
// data that a newer Chorus migrated, and take a backup point (a PocketBase backup) when migrations will apply.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/spf13/cobra"
)

func upgradeCommand(app *pocketbase.PocketBase, migrationsDir *string) *cobra.Command {
	return &cobra.Command{
		Use:   "chorus-upgrade",
		Short: "List the migrations a start would apply; back up first when there are any",
		// PocketBase prints a command's error but exits 0: chorus-server needs the refusal as an exit code.
		Run: func(cmd *cobra.Command, args []string) {
			if err := checkBeforeServing(app, *migrationsDir); err != nil {
				fmt.Fprintf(os.Stderr, "chorus-upgrade: %v\n", err)
				os.Exit(1)
			}
		},
	}
}

func checkBeforeServing(app *pocketbase.PocketBase, migrationsDir string) error {
	if err := app.Bootstrap(); err != nil {
		return err
	}
	shipped, err := migrationFiles(migrationsDir)
	if err != nil {
		return err
	}
	applied, err := appliedMigrations(app)
	if err != nil {
		return err
	}
	if unknown := missingFrom(applied, shipped); len(unknown) > 0 {
		return fmt.Errorf("this database was migrated by a newer Chorus (%s is not in %s): start that "+
			"Chorus again, or restore a backup made before it", unknown[len(unknown)-1], migrationsDir)
	}
	pending := missingFrom(shipped, applied)
	if len(pending) == 0 {
		fmt.Println("Migrations: none to apply.")
		return nil
	}
	name := fmt.Sprintf("pre-upgrade-%s.zip", time.Now().UTC().Format("20060102-150405"))
	if err := app.CreateBackup(context.Background(), name); err != nil {
		return fmt.Errorf("the backup before migrating failed, so nothing was migrated: %w", err)
	}
	fmt.Printf("Backup point: %s\n", filepath.Join(app.DataDir(), "backups", name))
	fmt.Printf("Migrations to apply (%d):\n  %s\n", len(pending), strings.Join(pending, "\n  "))
	return nil
}

func migrationFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the migrations folder: %w", err)
	}
	var names []string
	for _, entry := range entries {
		if !entry.IsDir() && strings.HasSuffix(entry.Name(), ".js") {
			names = append(names, entry.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

func appliedMigrations(app *pocketbase.PocketBase) ([]string, error) {
	var names []string
	err := app.DB().NewQuery("SELECT file FROM _migrations WHERE file LIKE '%.js' ORDER BY file").Column(&names)
	if err != nil && !strings.Contains(err.Error(), "no such table") {
		return nil, errors.Join(errors.New("reading the applied migrations"), err)
	}
	return names, nil
}

// missingFrom lists the names of `from` that `in` lacks, in order.
func missingFrom(from, in []string) []string {
	present := make(map[string]bool, len(in))
	for _, name := range in {
		present[name] = true
	}
	var missing []string
	for _, name := range from {
		if !present[name] {
			missing = append(missing, name)
		}
	}
	return missing
}
