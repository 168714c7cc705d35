// The vector index's nearest neighbours, its encoding and its safety under concurrent use (vectors.go).
package main

import (
	"fmt"
	"math/rand"
	"sync"
	"testing"
)

func vec(values ...float64) []float32 {
	decoded, err := decodeVector(encodeVector(values))
	if err != nil {
		panic(err)
	}
	return decoded
}

func TestEncodeNormalizesAndRoundTrips(t *testing.T) {
	v := vec(3, 4)
	if fmt.Sprintf("%.2f %.2f", v[0], v[1]) != "0.60 0.80" {
		t.Fatalf("not normalized: %v", v)
	}
	if _, err := decodeVector("not base64!"); err == nil {
		t.Fatal("garbage decoded")
	}
	if _, err := decodeVector("AAA="); err == nil {
		t.Fatal("3 bytes decoded as a vector")
	}
}

func TestNearestIsCosineBestFirstWithoutExcluded(t *testing.T) {
	index := newVectorIndex(nil)
	_ = index.Put("east", "m", vec(1, 0))
	_ = index.Put("north-east", "m", vec(1, 1))
	_ = index.Put("north", "m", vec(0, 1))
	_ = index.Put("west", "m", vec(-1, 0))
	_ = index.Put("other-model", "n", vec(1, 0))
	found, err := index.Nearest("m", vec(1, 0.1), 3, "")
	if err != nil {
		t.Fatal(err)
	}
	got := found[0].ID + " " + found[1].ID + " " + found[2].ID
	if got != "east north-east north" || len(found) != 3 {
		t.Fatalf("order: %v", found)
	}
	if found[0].Score < 0.99 || found[0].Score > 1.0001 {
		t.Fatalf("cosine of near-identical vectors: %v", found[0].Score)
	}
	found, _ = index.Nearest("m", vec(1, 0), 1, "east")
	if found[0].ID != "north-east" {
		t.Fatalf("exclude: %v", found)
	}
	if found, _ := index.Nearest("absent", vec(1, 0), 3, ""); len(found) != 0 {
		t.Fatalf("another model's vectors: %v", found)
	}
	if found, _ := index.Nearest("m", vec(1, 0, 0), 3, ""); len(found) != 0 {
		t.Fatalf("a query of other dimensions: %v", found)
	}
}

func TestPutReplacesAndMovesBetweenModelsAndRemove(t *testing.T) {
	index := newVectorIndex(nil)
	_ = index.Put("a", "old", vec(1, 0))
	_ = index.Put("b", "old", vec(0, 1))
	_ = index.Put("a", "old", vec(0, 1))
	if n, _ := index.Count("old"); n != 2 {
		t.Fatalf("replace counted twice: %d", n)
	}
	_ = index.Put("a", "new", vec(1, 0, 0))
	if n, _ := index.Count("old"); n != 1 {
		t.Fatalf("a moved to another model is still under the old: %d", n)
	}
	index.Remove("b")
	index.Remove("b")
	if n, _ := index.Count("old"); n != 0 {
		t.Fatalf("removed: %d", n)
	}
	found, _ := index.Nearest("new", vec(1, 0, 0), 5, "")
	if len(found) != 1 || found[0].ID != "a" {
		t.Fatalf("after moves: %v", found)
	}
}

func TestRemoveKeepsTheOtherRows(t *testing.T) {
	index := newVectorIndex(nil)
	for i := 0; i < 5; i++ {
		_ = index.Put(fmt.Sprint(i), "m", vec(float64(i+1), 1))
	}
	index.Remove("1")
	for i := 0; i < 5; i++ {
		if i == 1 {
			continue
		}
		found, _ := index.Nearest("m", vec(float64(i+1), 1), 1, "")
		if found[0].ID != fmt.Sprint(i) {
			t.Fatalf("row %d lost its vector after a remove: %v", i, found)
		}
	}
}

func TestLoadsOnFirstUseAndRetriesAFailedLoad(t *testing.T) {
	calls := 0
	index := newVectorIndex(func() ([]storedVector, error) {
		calls++
		if calls == 1 {
			return nil, fmt.Errorf("no such table: post_vectors")
		}
		return []storedVector{{Post: "x", Model: "m", Vector: encodeVector([]float64{1, 0})}, {Post: "bad", Model: "m", Vector: "??"}}, nil
	})
	if _, err := index.Count("m"); err == nil {
		t.Fatal("a failed load was not reported")
	}
	if n, err := index.Count("m"); err != nil || n != 1 {
		t.Fatalf("loaded: %d %v", n, err)
	}
	_, _ = index.Count("m")
	if calls != 2 {
		t.Fatalf("loaded %d times", calls)
	}
}

func TestConcurrentUse(t *testing.T) {
	index := newVectorIndex(nil)
	var wait sync.WaitGroup
	for w := 0; w < 8; w++ {
		wait.Add(1)
		go func(w int) {
			defer wait.Done()
			random := rand.New(rand.NewSource(int64(w)))
			for i := 0; i < 500; i++ {
				id := fmt.Sprint(random.Intn(50))
				switch random.Intn(3) {
				case 0:
					_ = index.Put(id, "m", vec(random.Float64(), random.Float64(), 1))
				case 1:
					index.Remove(id)
				default:
					_, _ = index.Nearest("m", vec(1, 1, 1), 3, id)
				}
			}
		}(w)
	}
	wait.Wait()
}

func BenchmarkNearest10000x512(b *testing.B) {
	index := newVectorIndex(nil)
	random := rand.New(rand.NewSource(1))
	values := make([]float64, 512)
	for i := 0; i < 10000; i++ {
		for j := range values {
			values[j] = random.NormFloat64()
		}
		_ = index.Put(fmt.Sprint(i), "m", vec(values...))
	}
	query := vec(values...)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, _ = index.Nearest("m", query, 10, "")
	}
}

func TestDotsAreEveryProductRowByRow(t *testing.T) {
	as := []string{encodeVector([]float64{1, 0}), encodeVector([]float64{0, 2})}
	bs := []string{encodeVector([]float64{3, 4}), encodeVector([]float64{1, 0}), encodeVector([]float64{-1, 1})}
	out, err := dots(as, bs)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%.3f", out)
	if got != "[0.600 1.000 -0.707 0.800 0.000 0.707]" {
		t.Fatalf("dots: %s", got)
	}
	if _, err := dots(as, []string{encodeVector([]float64{1, 2, 3})}); err == nil {
		t.Fatal("vectors of different sizes multiplied")
	}
	if _, err := dots([]string{"not base64!"}, bs); err == nil {
		t.Fatal("garbage multiplied")
	}
}
