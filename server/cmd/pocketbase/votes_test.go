// The trending score computed in Go equals pb_hooks/lib/ideas/counters.js trendingScore (the two homes of one formula; the values below are the JavaScript's).
package main

import "testing"

func TestTrendingScoreMatchesTheJavaScript(t *testing.T) {
	cases := []struct {
		votes, comments int
		created         int64
		want            float64
	}{
		{0, 0, 1763800000, 0},
		{1, 0, 1764000000, 1.157407},
		{13, 5, 1765000123, 8.135488},
		{1000, 3, 1770000000, 38.880281},
		{82713, 2, 1763900000, 5.496283},
		{0, 1, 1700000000, -369.212963},
	}
	for _, c := range cases {
		if got := trendingScore(c.votes, c.comments, c.created); got != c.want {
			t.Errorf("trendingScore(%d, %d, %d) = %v, want %v", c.votes, c.comments, c.created, got, c.want)
		}
	}
}
