// Nearest ideas by meaning (issue 38): an in-memory index of the ideas' embeddings, given to the hooks as $vectors.
// The JavaScript VM is too slow to compare a query with 10,000 vectors of 512 numbers; Go does it in milliseconds.
// The vectors themselves live in the post_vectors collection (base64 of little-endian float32, normalized, one per
// idea, with the model that made it); this index is loaded from it on first use, so a restart keeps working, and
// the hooks that write post_vectors keep it current (pb_hooks/ai/indexer.js, vector_hooks.go).
//
//	$vectors.encode(numbers)                   → base64 of the normalized float32 vector
//	$vectors.put(postId, model, base64)        → stores (or replaces) an idea's vector
//	$vectors.remove(postId)                    → forgets an idea
//	$vectors.nearest(model, base64, k, exclude) → [{id, score}], cosine similarity, best first
//	$vectors.count(model)                      → how many vectors of that model are held
//	$vectors.dots(as, bs)                      → every a·b of two lists of encoded vectors, row by row (a calibration's
//	                                             cosines of each labelled idea with every other: pb_hooks/calibration/derive.js)
package main

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"math"
	"sort"
	"sync"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// modelVectors holds one model's vectors side by side: row i of data is ids[i]'s vector.
type modelVectors struct {
	dims int
	ids  []string
	rows map[string]int
	data []float32
}

// vectorIndex is every model's vectors, safe for concurrent use.
type vectorIndex struct {
	mu      sync.RWMutex
	models  map[string]*modelVectors
	modelOf map[string]string // post id → the model its vector is held under
	loaded  bool
	load    func() ([]storedVector, error)
}

// storedVector is one post_vectors row.
type storedVector struct {
	Post   string `db:"post"`
	Model  string `db:"model"`
	Vector string `db:"vector"`
}

// neighbour is one result of nearest.
type neighbour struct {
	ID    string
	Score float64
}

func newVectorIndex(load func() ([]storedVector, error)) *vectorIndex {
	return &vectorIndex{models: map[string]*modelVectors{}, modelOf: map[string]string{}, load: load}
}

// ensureLoaded reads post_vectors once; a failed read (e.g. before the migration ran) is tried again next time.
// The caller holds the write lock.
func (x *vectorIndex) ensureLoaded() error {
	if x.loaded || x.load == nil {
		x.loaded = true
		return nil
	}
	rows, err := x.load()
	if err != nil {
		return err
	}
	for _, row := range rows {
		if vector, err := decodeVector(row.Vector); err == nil {
			x.putLocked(row.Post, row.Model, vector)
		}
	}
	x.loaded = true
	return nil
}

func (x *vectorIndex) readyForReading() error {
	x.mu.RLock()
	loaded := x.loaded
	x.mu.RUnlock()
	if loaded {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.ensureLoaded()
}

// Put stores an idea's vector under model, replacing any it had (under any model).
func (x *vectorIndex) Put(id, model string, vector []float32) error {
	if id == "" || model == "" || len(vector) == 0 {
		return errors.New("an id, a model and a vector are needed")
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if err := x.ensureLoaded(); err != nil {
		return err
	}
	held := x.models[model]
	if held != nil && held.dims != len(vector) {
		// The model now answers with other dimensions: its old vectors cannot be compared, forget them.
		for _, old := range held.ids {
			delete(x.modelOf, old)
		}
		delete(x.models, model)
	}
	x.putLocked(id, model, vector)
	return nil
}

func (x *vectorIndex) putLocked(id, model string, vector []float32) {
	if previous, ok := x.modelOf[id]; ok && previous != model {
		x.removeLocked(id)
	}
	held := x.models[model]
	if held == nil {
		held = &modelVectors{dims: len(vector), rows: map[string]int{}}
		x.models[model] = held
	}
	if len(vector) != held.dims {
		return
	}
	if row, ok := held.rows[id]; ok {
		copy(held.data[row*held.dims:(row+1)*held.dims], vector)
		return
	}
	held.rows[id] = len(held.ids)
	held.ids = append(held.ids, id)
	held.data = append(held.data, vector...)
	x.modelOf[id] = model
}

// Remove forgets an idea's vector.
func (x *vectorIndex) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.removeLocked(id)
}

func (x *vectorIndex) removeLocked(id string) {
	model, ok := x.modelOf[id]
	if !ok {
		return
	}
	delete(x.modelOf, id)
	held := x.models[model]
	row := held.rows[id]
	last := len(held.ids) - 1
	// The last row moves into the hole.
	if row != last {
		moved := held.ids[last]
		held.ids[row] = moved
		held.rows[moved] = row
		copy(held.data[row*held.dims:(row+1)*held.dims], held.data[last*held.dims:(last+1)*held.dims])
	}
	delete(held.rows, id)
	held.ids = held.ids[:last]
	held.data = held.data[:last*held.dims]
}

// Count is how many vectors of model are held.
func (x *vectorIndex) Count(model string) (int, error) {
	if err := x.readyForReading(); err != nil {
		return 0, err
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if held := x.models[model]; held != nil {
		return len(held.ids), nil
	}
	return 0, nil
}

// Nearest is the k vectors of model most similar to query (cosine: every vector is normalized), best first,
// without exclude.
func (x *vectorIndex) Nearest(model string, query []float32, k int, exclude string) ([]neighbour, error) {
	if err := x.readyForReading(); err != nil {
		return nil, err
	}
	query = normalized(query)
	x.mu.RLock()
	defer x.mu.RUnlock()
	held := x.models[model]
	if held == nil || k <= 0 || len(query) != held.dims {
		return []neighbour{}, nil
	}
	best := make([]neighbour, 0, k+1)
	for row, id := range held.ids {
		if id == exclude {
			continue
		}
		vector := held.data[row*held.dims : (row+1)*held.dims]
		var dot float32
		for i, value := range vector {
			dot += value * query[i]
		}
		score := float64(dot)
		if len(best) == k && score <= best[k-1].Score {
			continue
		}
		// Insert in order: k is small (a handful), so a sorted slice beats a heap.
		at := sort.Search(len(best), func(i int) bool { return best[i].Score < score })
		best = append(best, neighbour{})
		copy(best[at+1:], best[at:])
		best[at] = neighbour{ID: id, Score: score}
		if len(best) > k {
			best = best[:k]
		}
	}
	return best, nil
}

// normalized is vector scaled to length 1 (a zero vector stays zero).
func normalized(vector []float32) []float32 {
	var sum float64
	for _, value := range vector {
		sum += float64(value) * float64(value)
	}
	out := make([]float32, len(vector))
	if sum == 0 {
		return out
	}
	scale := 1 / math.Sqrt(sum)
	for i, value := range vector {
		out[i] = float32(float64(value) * scale)
	}
	return out
}

// encodeVector is base64 of the normalized vector as little-endian float32.
func encodeVector(vector []float64) string {
	single := make([]float32, len(vector))
	for i, value := range vector {
		single[i] = float32(value)
	}
	single = normalized(single)
	raw := make([]byte, 4*len(single))
	for i, value := range single {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(value))
	}
	return base64.StdEncoding.EncodeToString(raw)
}

// decodeVector reads what encodeVector wrote.
func decodeVector(encoded string) ([]float32, error) {
	raw, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(raw) == 0 || len(raw)%4 != 0 {
		return nil, errors.New("not a vector: base64 of little-endian float32 expected")
	}
	vector := make([]float32, len(raw)/4)
	for i := range vector {
		value := math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		if math.IsNaN(float64(value)) || math.IsInf(float64(value), 0) {
			return nil, errors.New("not a vector: a number is not finite")
		}
		vector[i] = value
	}
	return vector, nil
}

// maxDots bounds one dots call (2,000 labelled pairs make 4 million).
const maxDots = 4_000_000

// dots is every a·b of the encoded (normalized) vectors, row-major: out[i*len(bs)+j] = as[i]·bs[j].
func dots(as, bs []string) ([]float64, error) {
	if len(as)*len(bs) > maxDots {
		return nil, errors.New("too many products asked at once")
	}
	decode := func(encoded []string) ([][]float32, error) {
		out := make([][]float32, len(encoded))
		for i, one := range encoded {
			vector, err := decodeVector(one)
			if err != nil {
				return nil, err
			}
			if i > 0 && len(vector) != len(out[0]) {
				return nil, errors.New("vectors of different sizes")
			}
			out[i] = vector
		}
		return out, nil
	}
	left, err := decode(as)
	if err != nil {
		return nil, err
	}
	right, err := decode(bs)
	if err != nil {
		return nil, err
	}
	if len(left) > 0 && len(right) > 0 && len(left[0]) != len(right[0]) {
		return nil, errors.New("vectors of different sizes")
	}
	out := make([]float64, 0, len(left)*len(right))
	for _, a := range left {
		for _, b := range right {
			var sum float64
			for k := range a {
				sum += float64(a[k]) * float64(b[k])
			}
			out = append(out, sum)
		}
	}
	return out, nil
}

// loadVectorsFrom reads every post_vectors row of app's database.
func loadVectorsFrom(app core.App) func() ([]storedVector, error) {
	return func() ([]storedVector, error) {
		rows := []storedVector{}
		err := app.DB().NewQuery("SELECT post, model, vector FROM post_vectors").All(&rows)
		return rows, err
	}
}

// bindVectors gives the hooks $vectors over index.
func bindVectors(vm *goja.Runtime, index *vectorIndex) {
	object := vm.NewObject()
	_ = object.Set("encode", func(numbers []float64) (string, error) {
		if len(numbers) == 0 {
			return "", errors.New("an empty vector")
		}
		for _, value := range numbers {
			if math.IsNaN(value) || math.IsInf(value, 0) {
				return "", errors.New("a number of the vector is not finite")
			}
		}
		return encodeVector(numbers), nil
	})
	_ = object.Set("put", func(id, model, encoded string) error {
		vector, err := decodeVector(encoded)
		if err != nil {
			return err
		}
		return index.Put(id, model, vector)
	})
	_ = object.Set("remove", func(id string) { index.Remove(id) })
	_ = object.Set("count", func(model string) (int, error) { return index.Count(model) })
	_ = object.Set("dots", dots)
	_ = object.Set("nearest", func(model, encoded string, k int, exclude string) ([]any, error) {
		query, err := decodeVector(encoded)
		if err != nil {
			return nil, err
		}
		found, err := index.Nearest(model, query, k, exclude)
		if err != nil {
			return nil, err
		}
		out := make([]any, len(found))
		for i, one := range found {
			out[i] = map[string]any{"id": one.ID, "score": one.Score}
		}
		return out, nil
	})
	vm.Set("$vectors", object)
}
