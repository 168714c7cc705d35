// Which Chorus and PocketBase a bundle carries (VERSION.json, written by `npm run build:server`) and which last
// served a data folder (chorus-versions.json in it): a PocketBase older than the one that last served the data
// is refused, since a downgrade can leave data its older code misreads.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

type versions struct {
	Chorus     string `json:"chorus"`
	PocketBase string `json:"pocketbase"`
	Litestream string `json:"litestream,omitempty"`
}

func readVersions(path string) (versions, bool) {
	var v versions
	raw, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(raw, &v) != nil {
		return versions{}, false
	}
	return v, true
}

func (c config) bundleVersions() versions {
	v, _ := readVersions(filepath.Join(c.bundle, "VERSION.json"))
	return v
}

func (c config) servedBy() (versions, bool) {
	return readVersions(filepath.Join(c.data, "chorus-versions.json"))
}

func (c config) recordServedBy(v versions) error {
	raw, _ := json.MarshalIndent(v, "", "  ")
	return os.WriteFile(filepath.Join(c.data, "chorus-versions.json"), append(raw, '\n'), 0o644)
}

// checkUpgrade refuses a PocketBase downgrade and says what changes from the last start.
func checkUpgrade(before, now versions) (string, error) {
	if compareVersions(now.PocketBase, before.PocketBase) < 0 {
		return "", fmt.Errorf("this data was last served by PocketBase %s and this bundle has %s: a downgrade is "+
			"refused (run a bundle with PocketBase %s or newer, or restore a backup made before the upgrade)",
			before.PocketBase, now.PocketBase, before.PocketBase)
	}
	var changes []string
	if before.Chorus != now.Chorus {
		changes = append(changes, fmt.Sprintf("Chorus %s → %s", before.Chorus, now.Chorus))
	}
	if before.PocketBase != now.PocketBase {
		changes = append(changes, fmt.Sprintf("PocketBase %s → %s", before.PocketBase, now.PocketBase))
	}
	if len(changes) == 0 {
		return "", nil
	}
	up := compareVersions(now.Chorus, before.Chorus) >= 0 && compareVersions(now.PocketBase, before.PocketBase) >= 0
	down := compareVersions(now.Chorus, before.Chorus) <= 0 && compareVersions(now.PocketBase, before.PocketBase) <= 0
	word := "Changing versions"
	if up {
		word = "Upgrading"
	} else if down {
		word = "Downgrading"
	}
	return word + ": " + strings.Join(changes, ", "), nil
}

// compareVersions compares dotted numeric versions (a leading v and any suffix after - are ignored).
func compareVersions(a, b string) int {
	pa, pb := parts(a), parts(b)
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x = pa[i]
		}
		if i < len(pb) {
			y = pb[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

func parts(version string) []int {
	version, _, _ = strings.Cut(strings.TrimPrefix(version, "v"), "-")
	var numbers []int
	for _, part := range strings.Split(version, ".") {
		n, _ := strconv.Atoi(part)
		numbers = append(numbers, n)
	}
	return numbers
}
