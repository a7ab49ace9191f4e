// Package rbtree keeps a set of ints in the shape of a red-black tree as
// tmux keeps a session's window indexes (the BSD tree macros of its
// compat/tree.h). The shape matters where tmux takes a tree apart from
// its root: session_destroy unlinks a session's windows in that order, and
// tells of each.
package rbtree

// Tree is a set of ints; its zero value is empty.
type Tree struct {
	root *node
}

type node struct {
	key    int
	red    bool
	kids   [2]*node // left and right
	parent *node
}

const (
	left  = 0
	right = 1
)

// side is which child of its parent n is.
func (n *node) side() int {
	if n.parent.kids[left] == n {
		return left
	}
	return right
}

// Insert adds key, if it is not there yet, and rebalances as the BSD
// RB_INSERT does.
func (t *Tree) Insert(key int) {
	var parent *node
	d := left
	for n := t.root; n != nil; n = n.kids[d] {
		if key == n.key {
			return
		}
		parent, d = n, left
		if key > n.key {
			d = right
		}
	}
	n := &node{key: key, red: true, parent: parent}
	if parent == nil {
		t.root = n
	} else {
		parent.kids[d] = n
	}
	t.fixInsert(n)
}

func (t *Tree) fixInsert(n *node) {
	for n.parent != nil && n.parent.red {
		parent, grand := n.parent, n.parent.parent
		d := parent.side()
		if uncle := grand.kids[1-d]; uncle != nil && uncle.red {
			uncle.red, parent.red, grand.red = false, false, true
			n = grand
			continue
		}
		if n == parent.kids[1-d] {
			t.rotate(parent, d)
			n, parent = parent, n
		}
		parent.red, grand.red = false, true
		t.rotate(grand, 1-d)
	}
	t.root.red = false
}

// Remove takes key out, if it is there, as the BSD RB_REMOVE does: a node
// with two children is replaced by the least node of its right subtree,
// which takes its colour.
func (t *Tree) Remove(key int) {
	n := t.find(key)
	if n == nil {
		return
	}
	var child, parent *node
	var wasRed bool
	if n.kids[left] != nil && n.kids[right] != nil {
		next := n.kids[right]
		for next.kids[left] != nil {
			next = next.kids[left]
		}
		child, parent, wasRed = next.kids[right], next.parent, next.red
		t.replaceChild(parent, next, child)
		if parent == n {
			parent = next
		}
		next.kids, next.parent, next.red = n.kids, n.parent, n.red
		t.replaceChild(n.parent, n, next)
		for _, k := range next.kids {
			if k != nil {
				k.parent = next
			}
		}
	} else {
		child = n.kids[left]
		if child == nil {
			child = n.kids[right]
		}
		parent, wasRed = n.parent, n.red
		t.replaceChild(parent, n, child)
	}
	if !wasRed {
		t.fixRemove(parent, child)
	}
}

// replaceChild puts child where old was under parent (nil: the root).
func (t *Tree) replaceChild(parent, old, child *node) {
	if child != nil {
		child.parent = parent
	}
	switch {
	case parent == nil:
		t.root = child
	case parent.kids[left] == old:
		parent.kids[left] = child
	default:
		parent.kids[right] = child
	}
}

func isBlack(n *node) bool { return n == nil || !n.red }

// fixRemove rebalances after a black node went from under parent, n (nil
// or not) now in its place.
func (t *Tree) fixRemove(parent, n *node) {
	for isBlack(n) && n != t.root {
		d := right
		if parent.kids[left] == n {
			d = left
		}
		sibling := parent.kids[1-d]
		if sibling.red {
			sibling.red, parent.red = false, true
			t.rotate(parent, d)
			sibling = parent.kids[1-d]
		}
		if isBlack(sibling.kids[left]) && isBlack(sibling.kids[right]) {
			sibling.red = true
			n, parent = parent, parent.parent
			continue
		}
		if isBlack(sibling.kids[1-d]) {
			if near := sibling.kids[d]; near != nil {
				near.red = false
			}
			sibling.red = true
			t.rotate(sibling, 1-d)
			sibling = parent.kids[1-d]
		}
		sibling.red, parent.red = parent.red, false
		if far := sibling.kids[1-d]; far != nil {
			far.red = false
		}
		t.rotate(parent, d)
		n = t.root
	}
	if n != nil {
		n.red = false
	}
}

// rotate moves n down to its side d, and its child on the other side up
// into its place.
func (t *Tree) rotate(n *node, d int) {
	up := n.kids[1-d]
	n.kids[1-d] = up.kids[d]
	if up.kids[d] != nil {
		up.kids[d].parent = n
	}
	t.replaceChild(n.parent, n, up)
	up.kids[d], n.parent = n, up
}

func (t *Tree) find(key int) *node {
	n := t.root
	for n != nil && n.key != key {
		if key < n.key {
			n = n.kids[left]
		} else {
			n = n.kids[right]
		}
	}
	return n
}

// Keys are the keys in order.
func (t *Tree) Keys() []int {
	var keys []int
	var walk func(*node)
	walk = func(n *node) {
		if n != nil {
			walk(n.kids[left])
			keys = append(keys, n.key)
			walk(n.kids[right])
		}
	}
	walk(t.root)
	return keys
}

// RootFirst is the order in which taking the root out again and again
// empties the tree, as tmux's session_destroy unlinks windows. The tree
// is left as it was.
func (t *Tree) RootFirst() []int {
	c := Tree{root: clone(t.root, nil)}
	var keys []int
	for c.root != nil {
		keys = append(keys, c.root.key)
		c.Remove(c.root.key)
	}
	return keys
}

func clone(n, parent *node) *node {
	if n == nil {
		return nil
	}
	c := &node{key: n.key, red: n.red, parent: parent}
	c.kids = [2]*node{clone(n.kids[left], c), clone(n.kids[right], c)}
	return c
}

// Reset empties the tree.
func (t *Tree) Reset() { t.root = nil }
