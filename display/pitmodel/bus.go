package pitmodel

import "slices"

// Bus is what the board knows of the pit bus from its own connection (bus.Subscriber.Nodes):
// whether it is connected, the node it reads from, and the nodes of the cluster that are down.
type Bus struct {
	// Watched is set once the board's connection reports on the bus; a board fed otherwise
	// (a test, an in-process demo) shows nothing about nodes.
	Watched   bool
	Connected bool
	Node      string   // the node the board reads from
	Down      []string // the cluster's nodes that are down, sorted
}

// SetBus records what the board's connection says of the pit bus now.
func (b *Board) SetBus(x Bus) {
	x.Down = slices.Clone(x.Down)
	b.bus = x
}

// Bus is what the board last heard of the pit bus (SetBus).
func (b *Board) Bus() Bus { return b.bus }
