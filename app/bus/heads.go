package bus

import (
	"context"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ReadHeads returns every head table id anchored that the HEADS stream still holds, oldest
// first, each decoded and checked against its subject. A board's credentials may read them.
func ReadHeads(ctx context.Context, nc *nats.Conn, table string) ([]pitwire.Message, error) {
	if !pitwire.ValidTableID(table) {
		return nil, fmt.Errorf("read heads: bad table id %q", table)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("read heads of %s: %w", table, err)
	}
	st, err := js.Stream(ctx, HeadStreamName)
	if err != nil {
		return nil, fmt.Errorf("read heads of %s: stream %s: %w", table, HeadStreamName, err)
	}
	subject := pitwire.Subject(table, pitwire.TypeHead)
	cons, err := st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{subject}})
	if err != nil {
		return nil, fmt.Errorf("read heads of %s: %w", table, err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return nil, fmt.Errorf("read heads of %s: %w", table, err)
	}
	var out []pitwire.Message
	for pending := info.NumPending; uint64(len(out)) < pending; {
		// Never more than is pending: a fetch waits for its whole batch (or the timeout).
		batch, err := cons.Fetch(int(min(512, pending-uint64(len(out)))), jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			return out, fmt.Errorf("read heads of %s: %w", table, err)
		}
		got := 0
		for msg := range batch.Messages() {
			got++
			m, err := pitwire.Decode(msg.Data())
			if err == nil {
				m.Subject = msg.Subject()
				err = m.CheckSubject()
			}
			if err == nil && m.Type != pitwire.TypeHead {
				err = fmt.Errorf("a %s message on %s", m.Type, msg.Subject())
			}
			if err != nil {
				return out, fmt.Errorf("read heads of %s: %w", table, err)
			}
			out = append(out, m)
		}
		if err := batch.Error(); err != nil && got == 0 {
			return out, fmt.Errorf("read heads of %s: %w", table, err)
		}
		if got == 0 {
			return out, fmt.Errorf("read heads of %s: stalled after %d of %d", table, len(out), pending)
		}
	}
	return out, nil
}
