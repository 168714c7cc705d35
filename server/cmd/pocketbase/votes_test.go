// The trending score computed in Go equals pb_hooks/ideas/counters.js trendingScore (the two homes of one formula; the values below are the JavaScript's),
// a count save tells a changed field from an unchanged one whatever kind of value it holds, and an idea's `updated`
// only ever moves on, a millisecond at least (the version open pages compare).
package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

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

func TestSameRawTellsEveryKindOfFieldValueApart(t *testing.T) {
	at := types.NowDateTime()
	cases := []struct {
		a, b any
		same bool
	}{
		{"Dark mode", "Dark mode", true},
		{"Dark mode", "Dark mode!", false},
		{"1", 1, false},
		{true, true, true},
		{true, false, false},
		{3.0, 3.0, true},
		{3.0, 4.0, false},
		{7, 7, true},
		{[]string{"a", "b"}, []string{"a", "b"}, true},
		{[]string{"a", "b"}, []string{"b", "a"}, false},
		{[]string{}, []string(nil), true},
		{at, at, true},
		{at, at.Add(1), false},
		{types.JSONRaw(`{"x":1}`), types.JSONRaw(`{"x":1}`), true},
		{types.JSONRaw(`{"x":1}`), types.JSONRaw(`{"x":2}`), false},
		{nil, nil, true},
		{nil, "", false},
		{int64(5), int64(5), true}, // any other kind: by its printed form
		{int64(5), int64(6), false},
	}
	for _, c := range cases {
		if got := sameRaw(c.a, c.b); got != c.same {
			t.Errorf("sameRaw(%#v, %#v) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// The fields of an idea as a count save compares them: by kind, against the printed form it replaced.
var ideaFieldValues = []any{
	"abcdefghijklmno", "Dark mode for the dashboard", "A longer body of text", true, false, 12.0, 3.0,
	[]string{"t1", "t2"}, types.NowDateTime(), types.JSONRaw(`{"impact":"high"}`), "", "",
}

func BenchmarkSameRawOnAnIdeasFields(b *testing.B) {
	for b.Loop() {
		for _, value := range ideaFieldValues {
			_ = sameRaw(value, value)
		}
	}
}

func BenchmarkPrintedFormOnAnIdeasFields(b *testing.B) {
	for b.Loop() {
		for _, value := range ideaFieldValues {
			_ = fmt.Sprint(value) == fmt.Sprint(value)
		}
	}
}

func TestNextUpdatedMovesOnAMillisecondAtLeast(t *testing.T) {
	last := time.Date(2026, 11, 28, 15, 21, 59, 123_000_000, time.UTC)
	cases := []struct {
		now  time.Time
		want string
	}{
		{last.Add(5 * time.Second), "2026-11-28 15:22:04.123Z"},        // later: now
		{last.Add(400 * time.Microsecond), "2026-11-28 15:21:59.124Z"}, // the same millisecond: one past
		{last, "2026-11-28 15:21:59.124Z"},
		{last.Add(-time.Second), "2026-11-28 15:21:59.124Z"}, // the clock went back
	}
	for _, c := range cases {
		if got := nextUpdated(last, c.now).String(); got != c.want {
			t.Errorf("nextUpdated(%v, %v) = %s, want %s", last, c.now, got, c.want)
		}
	}
}
