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
	key                 int
	red                 bool
	left, right, parent *node
}

// Insert adds key, if it is not there yet, and rebalances as the BSD
// RB_INSERT does.
func (t *Tree) Insert(key int) {
	var parent *node
	for n := t.root; n != nil; {
		parent = n
		switch {
		case key < n.key:
			n = n.left
		case key > n.key:
			n = n.right
		default:
			return
		}
	}
	n := &node{key: key, red: true, parent: parent}
	switch {
	case parent == nil:
		t.root = n
	case key < parent.key:
		parent.left = n
	default:
		parent.right = n
	}
	t.fixInsert(n)
}

func (t *Tree) fixInsert(n *node) {
	for n.parent != nil && n.parent.red {
		parent, grand := n.parent, n.parent.parent
		if parent == grand.left {
			if uncle := grand.right; uncle != nil && uncle.red {
				uncle.red, parent.red, grand.red = false, false, true
				n = grand
				continue
			}
			if n == parent.right {
				t.rotateLeft(parent)
				n, parent = parent, n
			}
			parent.red, grand.red = false, true
			t.rotateRight(grand)
		} else {
			if uncle := grand.left; uncle != nil && uncle.red {
				uncle.red, parent.red, grand.red = false, false, true
				n = grand
				continue
			}
			if n == parent.left {
				t.rotateRight(parent)
				n, parent = parent, n
			}
			parent.red, grand.red = false, true
			t.rotateLeft(grand)
		}
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
	if n.left != nil && n.right != nil {
		next := n.right
		for next.left != nil {
			next = next.left
		}
		child, parent, wasRed = next.right, next.parent, next.red
		t.replaceChild(parent, next, child)
		if parent == n {
			parent = next
		}
		next.left, next.right, next.parent, next.red = n.left, n.right, n.parent, n.red
		t.replaceChild(n.parent, n, next)
		next.left.parent = next
		if next.right != nil {
			next.right.parent = next
		}
	} else {
		child = n.left
		if child == nil {
			child = n.right
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
	case parent.left == old:
		parent.left = child
	default:
		parent.right = child
	}
}

func isBlack(n *node) bool { return n == nil || !n.red }

func (t *Tree) fixRemove(parent, n *node) {
	for isBlack(n) && n != t.root {
		if parent.left == n {
			sibling := parent.right
			if sibling.red {
				sibling.red, parent.red = false, true
				t.rotateLeft(parent)
				sibling = parent.right
			}
			if isBlack(sibling.left) && isBlack(sibling.right) {
				sibling.red = true
				n, parent = parent, parent.parent
				continue
			}
			if isBlack(sibling.right) {
				if sibling.left != nil {
					sibling.left.red = false
				}
				sibling.red = true
				t.rotateRight(sibling)
				sibling = parent.right
			}
			sibling.red, parent.red = parent.red, false
			if sibling.right != nil {
				sibling.right.red = false
			}
			t.rotateLeft(parent)
		} else {
			sibling := parent.left
			if sibling.red {
				sibling.red, parent.red = false, true
				t.rotateRight(parent)
				sibling = parent.left
			}
			if isBlack(sibling.left) && isBlack(sibling.right) {
				sibling.red = true
				n, parent = parent, parent.parent
				continue
			}
			if isBlack(sibling.left) {
				if sibling.right != nil {
					sibling.right.red = false
				}
				sibling.red = true
				t.rotateLeft(sibling)
				sibling = parent.left
			}
			sibling.red, parent.red = parent.red, false
			if sibling.left != nil {
				sibling.left.red = false
			}
			t.rotateRight(parent)
		}
		n = t.root
	}
	if n != nil {
		n.red = false
	}
}

func (t *Tree) rotateLeft(n *node) {
	r := n.right
	n.right = r.left
	if r.left != nil {
		r.left.parent = n
	}
	t.replaceChild(n.parent, n, r)
	r.left, n.parent = n, r
}

func (t *Tree) rotateRight(n *node) {
	l := n.left
	n.left = l.right
	if l.right != nil {
		l.right.parent = n
	}
	t.replaceChild(n.parent, n, l)
	l.right, n.parent = n, l
}

func (t *Tree) find(key int) *node {
	n := t.root
	for n != nil && n.key != key {
		if key < n.key {
			n = n.left
		} else {
			n = n.right
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
			walk(n.left)
			keys = append(keys, n.key)
			walk(n.right)
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
	c.left, c.right = clone(n.left, c), clone(n.right, c)
	return c
}

// Reset empties the tree.
func (t *Tree) Reset() { t.root = nil }
