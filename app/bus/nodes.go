package bus

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Nodes is what a reader of the bus knows of the pit bus's nodes from its own connection: the
// node it reads from, and the nodes of the TABLES stream's cluster that are down (the stream's
// leader reports each copy's state). A single pit server has no cluster: Down is always empty.
type Nodes struct {
	Connected bool   // the reader's connection is up
	Node      string // the node read from (its server name); "" while not connected
	// Down are the nodes holding a copy of the stream that the stream's leader reports offline
	// or not seen for NodeSilence, sorted; they come off the list once their copy is current.
	Down []string
	// Leader is the node leading the stream ("" on a single server, or while there is none).
	Leader string
	// Checked is when the stream's cluster was last read; zero before the first time.
	Checked time.Time
}

// NodeSilence is how long a node holding a copy of the stream may go unseen by the stream's
// leader before it is reported down (a replica that is merely behind under load is not).
const NodeSilence = 4 * time.Second

// nodesEvery is how often a subscriber reads the stream's cluster.
const nodesEvery = 2 * time.Second

// nodeState is a subscriber's Nodes, written by its watcher and read by the board.
type nodeState struct {
	mu sync.Mutex
	n  Nodes
	// changed has a value while a change of what Nodes returns is not yet read (NodesChanged).
	changed chan struct{}
}

// newNodeState is a nodeState with its change signal.
func newNodeState() *nodeState { return &nodeState{changed: make(chan struct{}, 1)} }

// signal says that what Nodes returns may have changed; it never blocks.
func (ns *nodeState) signal() {
	select {
	case ns.changed <- struct{}{}:
	default: // one is waiting to be read already
	}
}

// NodesChanged has a value each time what Nodes returns may have changed since it was last
// received: the connection dropped, came back or closed, or the stream's cluster was read
// differently (another node down or back, another leader). A reader that shows Nodes (the pit
// board) asks Nodes again only then, not every frame. Several changes before a receive are one.
func (s *Subscriber) NodesChanged() <-chan struct{} { return s.nodes.changed }

// Nodes is what the subscriber knows of the bus's nodes now (safe from any goroutine): the
// connection's state as it is, the cluster's as last read.
func (s *Subscriber) Nodes() Nodes {
	s.nodes.mu.Lock()
	n := s.nodes.n
	s.nodes.mu.Unlock()
	n.Down = slices.Clone(n.Down)
	n.Connected, n.Node = s.nc.IsConnected(), ""
	if n.Connected {
		n.Node = s.nc.ConnectedServerName()
	}
	return n
}

// watchNodes reads the stream's cluster every nodesEvery until ctx is done.
func (s *Subscriber) watchNodes(ctx context.Context) {
	js, err := jetstream.New(s.nc)
	if err != nil {
		s.report(err)
		return
	}
	t := time.NewTicker(nodesEvery)
	defer t.Stop()
	for {
		s.checkNodes(ctx, js)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// checkNodes reads the stream's cluster once and records what it says.
func (s *Subscriber) checkNodes(ctx context.Context, js jetstream.JetStream) {
	n := Nodes{Connected: s.nc.IsConnected()}
	if n.Connected {
		n.Node = s.nc.ConnectedServerName()
	}
	s.nodes.mu.Lock()
	prev := s.nodes.n
	s.nodes.mu.Unlock()
	n.Down, n.Leader, n.Checked = prev.Down, prev.Leader, prev.Checked
	if n.Connected {
		ictx, cancel := context.WithTimeout(ctx, time.Second)
		st, err := js.Stream(ictx, StreamName)
		var info *jetstream.StreamInfo
		if err == nil {
			info, err = st.Info(ictx)
		}
		cancel()
		if err == nil {
			n.Down, n.Leader, n.Checked = downNodes(info), "", time.Now()
			if info.Cluster != nil {
				n.Leader = info.Cluster.Leader
			}
		}
	}
	s.nodes.mu.Lock()
	s.nodes.n = n
	s.nodes.mu.Unlock()
	if n.Connected != prev.Connected || n.Node != prev.Node || n.Leader != prev.Leader || !slices.Equal(n.Down, prev.Down) {
		s.nodes.signal()
	}
}

// downNodes are the nodes holding a copy of the stream that its leader reports offline or has
// not heard from for NodeSilence, sorted.
func downNodes(info *jetstream.StreamInfo) []string {
	if info == nil || info.Cluster == nil {
		return nil
	}
	var down []string
	for _, r := range info.Cluster.Replicas {
		if r == nil {
			continue
		}
		if r.Offline || (!r.Current && r.Active > NodeSilence) {
			down = append(down, r.Name)
		}
	}
	slices.Sort(down)
	return down
}
