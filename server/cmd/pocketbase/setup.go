// A new server's to-do list, said once when PocketBase starts serving under chorus-server (what is missing:
// the site's address, the shared secrets, a superuser, SMTP, a Chorus admin), each with the command that does
// it; and `pocketbase chorus-admin <email>`, which makes a signed-up member Chorus's admin (role admin).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/spf13/cobra"
)

// setupState is what a start knows about the server's setup.
type setupState struct {
	edgeURL, edgeSecret, proxySecret, smtp bool
	superusers, admins                     int64
	command                                string // how the operator runs chorus-server's commands here
}

// stillToDo lists what a server still lacks, each line with its command (empty: nothing).
func stillToDo(s setupState) []string {
	var todo []string
	if !s.edgeURL || !s.edgeSecret || !s.proxySecret {
		var missing []string
		for _, v := range []struct {
			name string
			set  bool
		}{{"EDGE_URL", s.edgeURL}, {"EDGE_PURGE_SECRET", s.edgeSecret}, {"CHORUS_PROXY_SECRET", s.proxySecret}} {
			if !v.set {
				missing = append(missing, v.name)
			}
		}
		todo = append(todo, "No "+strings.Join(missing, ", ")+" (the site's address and the secrets it shares "+
			"with this server: no live updates, no cache purges, every visitor one address). In your Chorus "+
			"checkout: npm run deploy -- --site https://feedback.example.com --pocketbase https://pb.example.com; "+
			"copy the .deploy/server.env it writes here as deploy.env (systemd: /etc/chorus/deploy.env) and restart.")
	}
	if s.superusers == 0 {
		todo = append(todo, "No superuser (PocketBase's admin UI, the doctor): "+s.command+
			" pocketbase superuser upsert you@example.com '<password>'")
	}
	if !s.smtp {
		todo = append(todo, "No SMTP server: no email goes out (sign-in links, notifications). Set it in the "+
			"admin UI (/_/#/settings/mail: host, port, user, password, sender), then in your Chorus checkout: "+
			"npm run doctor -- https://feedback.example.com")
	}
	if s.admins == 0 {
		todo = append(todo, "No Chorus admin (role admin: settings, moderation, the health page). Sign up on the "+
			"site, then: "+s.command+" pocketbase chorus-admin you@example.com")
	}
	return todo
}

// serverCommand is the chorus-server command line for this data folder (PocketBase runs as <bundle>/bin/pocketbase).
func serverCommand(dataDir string) string {
	exe, err := os.Executable()
	if err != nil {
		return "CHORUS_DATA=" + dataDir + " ./chorus-server"
	}
	return "CHORUS_DATA=" + dataDir + " " + filepath.Join(filepath.Dir(filepath.Dir(exe)), "chorus-server")
}

func registerSetup(app *pocketbase.PocketBase) {
	app.RootCmd.AddCommand(adminCommand(app))
	// Only under chorus-server (which names its version): a developer's local PocketBase needs no to-do list.
	if os.Getenv("CHORUS_VERSION") == "" {
		return
	}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			superusers, _ := e.App.CountRecords(core.CollectionNameSuperusers,
				dbx.Not(dbx.HashExp{"email": core.DefaultInstallerEmail}))
			admins, _ := e.App.CountRecords("users", dbx.HashExp{"role": "admin"})
			todo := stillToDo(setupState{
				edgeURL:     os.Getenv("EDGE_URL") != "",
				edgeSecret:  os.Getenv("EDGE_PURGE_SECRET") != "",
				proxySecret: os.Getenv("CHORUS_PROXY_SECRET") != "",
				smtp:        e.App.Settings().SMTP.Enabled,
				superusers:  superusers,
				admins:      admins,
				command:     serverCommand(e.App.DataDir()),
			})
			if len(todo) > 0 {
				fmt.Fprintf(os.Stderr, "Still to do on this server (%d):\n  - %s\n", len(todo), strings.Join(todo, "\n  - "))
			}
			return nil
		},
		Priority: 1000,
	})
}

// adminCommand gives a member the admin role by email (the first admin, with no admin to promote them).
func adminCommand(app *pocketbase.PocketBase) *cobra.Command {
	return &cobra.Command{
		Use:   "chorus-admin <email>",
		Short: "Make a signed-up member Chorus's admin (role admin)",
		Args:  cobra.ExactArgs(1),
		// PocketBase prints a command's error but exits 0: a refusal must be an exit code.
		Run: func(cmd *cobra.Command, args []string) {
			if err := makeAdmin(app, args[0]); err != nil {
				fmt.Fprintf(os.Stderr, "chorus-admin: %v\n", err)
				os.Exit(1)
			}
		},
	}
}

func makeAdmin(app *pocketbase.PocketBase, email string) error {
	if err := app.Bootstrap(); err != nil {
		return err
	}
	user, err := app.FindAuthRecordByEmail("users", email)
	if err != nil {
		return fmt.Errorf("no member signed up as %s: sign up on the site first (or check the address)", email)
	}
	if user.GetString("role") == "admin" {
		fmt.Printf("%s is already an admin.\n", email)
		return nil
	}
	user.Set("role", "admin")
	user.Set("blocked", false)
	if err := app.Save(user); err != nil {
		return err
	}
	fmt.Printf("%s is now an admin: sign in on the site and open /admin.\n", email)
	return nil
}
