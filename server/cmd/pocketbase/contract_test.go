// The rules Go shares with the hooks give the same answers in both runtimes: Go's trendingScore against the
// answers src/contract/vote-rules.ts gives for the same inputs (testdata/contract-cases.json, written by
// `npm run contract` from the contract itself and kept current by tests/unit/contract.test.ts).
package main

import (
	"encoding/json"
	"os"
	"testing"
)

func TestTrendingScoreAnswersAsTheContract(t *testing.T) {
	raw, err := os.ReadFile("testdata/contract-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases struct {
		TrendingScore [][4]float64 `json:"trendingScore"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases.TrendingScore) < 100 {
		t.Fatalf("only %d trending cases: run `npm run contract`", len(cases.TrendingScore))
	}
	for _, c := range cases.TrendingScore {
		votes, comments, created, want := int(c[0]), int(c[1]), int64(c[2]), c[3]
		if got := trendingScore(votes, comments, created); got != want {
			t.Errorf("trendingScore(%d, %d, %d) = %v in Go, %v in the contract", votes, comments, created, got, want)
		}
	}
}
