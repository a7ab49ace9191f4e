package rbtree

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Measured on tmux 3.3a: a control client watching kill-session of a
// session whose windows were made at these indexes, in this order, and
// some then killed, is told of them going in this order.
func TestRootFirstAsTmux(t *testing.T) {
	for _, c := range []struct {
		insert, remove, want []int
	}{
		{insert: []int{0, 1, 2, 3, 4, 5}, want: []int{1, 2, 3, 4, 5, 0}},
		{insert: []int{0, 1}, want: []int{0, 1}},
		{insert: []int{0, 1, 2}, want: []int{1, 2, 0}},
		{insert: []int{0, 5, 3, 9, 1, 7, 2, 8}, remove: []int{3, 9}, want: []int{5, 7, 1, 2, 8, 0}},
	} {
		var tr Tree
		for _, k := range c.insert {
			tr.Insert(k)
		}
		for _, k := range c.remove {
			tr.Remove(k)
		}
		if got := tr.RootFirst(); !slices.Equal(got, c.want) {
			t.Errorf("insert %v, remove %v: root first %v, want %v", c.insert, c.remove, got, c.want)
		}
	}
}

// TestRandomOperations checks the tree's invariants after each of many
// random inserts and removes, against a plain set.
func TestRandomOperations(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		var tr Tree
		set := map[int]bool{}
		for range 60 {
			k := r.IntN(40)
			if r.IntN(3) == 0 {
				tr.Remove(k)
				delete(set, k)
			} else {
				tr.Insert(k)
				set[k] = true
			}
			checkTree(t, &tr)
			want := make([]int, 0, len(set))
			for k := range set {
				want = append(want, k)
			}
			slices.Sort(want)
			if got := tr.Keys(); !slices.Equal(got, want) && len(want) > 0 {
				t.Fatalf("round %d: keys %v, want %v", round, got, want)
			}
			if got := slices.Sorted(slices.Values(tr.RootFirst())); !slices.Equal(got, want) && len(want) > 0 {
				t.Fatalf("round %d: root first sorted is %v, want %v", round, got, want)
			}
		}
	}
	var tr Tree
	tr.Insert(1)
	tr.Reset()
	if keys := tr.Keys(); keys != nil {
		t.Errorf("after Reset: %v", keys)
	}
}

// checkTree fails t unless tr is a red-black tree: ordered, its parent
// links right, a black root, no red node with a red child, and the same
// number of black nodes on every path down.
func checkTree(t *testing.T, tr *Tree) {
	t.Helper()
	if tr.root == nil {
		return
	}
	if tr.root.red || tr.root.parent != nil {
		t.Fatal("the root is red or has a parent")
	}
	var blackHeight func(n *node, lo, hi int) int
	blackHeight = func(n *node, lo, hi int) int {
		if n == nil {
			return 1
		}
		if n.key < lo || n.key > hi {
			t.Fatalf("key %d out of order", n.key)
		}
		for _, c := range n.kids {
			if c != nil && c.parent != n {
				t.Fatalf("node %d's child %d has the wrong parent", n.key, c.key)
			}
			if c != nil && n.red && c.red {
				t.Fatalf("red node %d has a red child %d", n.key, c.key)
			}
		}
		l, r := blackHeight(n.kids[left], lo, n.key-1), blackHeight(n.kids[right], n.key+1, hi)
		if l != r {
			t.Fatalf("node %d: black heights %d and %d", n.key, l, r)
		}
		if n.red {
			return l
		}
		return l + 1
	}
	blackHeight(tr.root, -1<<31, 1<<31)
}
