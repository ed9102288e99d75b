package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Pit commands (issue 25). The pit publishes a pitwire.PitCommand for each table on
// pit.cmd.<table> into the PITCMD stream; only the pit's credentials may publish there
// (PitPermissions), so no table can command another. Each table reads its own subject through
// a durable consumer of its own (CommandConsumer), so a table that was offline gets what is
// still waiting when it comes back, and answers each command with a pitwire.PitAnswer on
// table.<id>.pit_answer, into the ANSWERS stream, which only its own credentials may publish
// on. The stream drops a command published again with the same id (Nats-Msg-Id is
// "<command id>.<table>", and only the pit publishes there, so the de-duplication window is
// the pit's alone) for longer than any command may wait (pitwire.MaxPitExpiry); a table
// refuses a command past its expiry, and looks every command up in its journal first
// (CommandJournal): one it answered before is never carried out again, and its journalled
// answer is sent again (an answer lost on the way, a table restarted before acknowledging).

// Stream names of the pit commands and the tables' answers.
const (
	CommandStreamName = "PITCMD"
	AnswerStreamName  = "ANSWERS"
)

// CommandsMaxAge is how long the streams keep commands and answers: a day's audit at the pit
// (the tables' journals keep them for good).
const CommandsMaxAge = 24 * time.Hour

// CommandConsumer is the name of table id's durable consumer of its commands.
func CommandConsumer(id string) string { return "table-" + id }

// CommandStreamConfig is the PITCMD stream: every command sent to a table, a day, on disk.
// A command sent again with the same Nats-Msg-Id is dropped for longer than any may wait.
func CommandStreamConfig(opts ...StreamOption) jetstream.StreamConfig {
	c := commandsStream(CommandStreamName, "the pit's commands to the tables", pitwire.PitCommandSubject("*"), opts)
	c.Duplicates = pitwire.MaxPitExpiry + time.Minute
	return c
}

// AnswerStreamConfig is the ANSWERS stream: every table's answers, a day, on disk.
func AnswerStreamConfig(opts ...StreamOption) jetstream.StreamConfig {
	return commandsStream(AnswerStreamName, "the tables' answers to the pit's commands", pitwire.PitAnswerSubject("*"), opts)
}

// commandsStream is a stream of pit commands or answers on subject: the TABLES stream's storage
// and policy, a day's messages of at most pitwire.MaxPitSize.
func commandsStream(name, what, subject string, opts []StreamOption) jetstream.StreamConfig {
	c := StreamConfig(opts...)
	c.Name, c.Description, c.Subjects = name, "coupboard: "+what+" ("+subject+")", []string{subject}
	c.MaxAge, c.MaxMsgsPerSubject, c.MaxMsgSize, c.AllowDirect = CommandsMaxAge, 10000, pitwire.MaxPitSize, false
	return c
}

// EnsureCommandStreams creates or updates the PITCMD and ANSWERS streams on an administrator's
// connection (as EnsureStream does TABLES and HEADS).
func EnsureCommandStreams(ctx context.Context, nc *nats.Conn, opts ...StreamOption) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("ensure command streams: %w", err)
	}
	asked := jetstream.StreamConfig{}
	for _, o := range opts {
		o(&asked)
	}
	for _, c := range []jetstream.StreamConfig{CommandStreamConfig(opts...), AnswerStreamConfig(opts...)} {
		if _, err := ensure(ctx, js, c, asked.Replicas == 0); err != nil {
			return err
		}
	}
	return nil
}

// tableCommandPermissions are what table id's credentials need to read its own commands: create
// its own durable consumer filtered to pit.cmd.<id> (the filter is in the API subject, so it
// cannot ask for another table's), pull from it and acknowledge.
func tableCommandPermissions(id string) []string {
	name := CommandConsumer(id)
	return []string{
		"$JS.API.CONSUMER.CREATE." + CommandStreamName + "." + name + "." + pitwire.PitCommandSubject(id),
		"$JS.API.CONSUMER.INFO." + CommandStreamName + "." + name,
		"$JS.API.CONSUMER.MSG.NEXT." + CommandStreamName + "." + name,
		"$JS.ACK." + CommandStreamName + "." + name + ".>",
	}
}

// PitPermissions are the pit's credentials (the pit server's Sender, a pit console): publish
// commands on pit.cmd.>, read the ANSWERS and PITCMD streams through consumers of their own,
// hear the tables' heartbeats. Nothing a table publishes.
func PitPermissions() *server.Permissions {
	allow := append(streamReaders(CommandStreamName, AnswerStreamName), pitwire.PitCommandSubject(">"))
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: allow},
		Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>", pitwire.Subject("*", pitwire.TypeHeartbeat)}},
	}
}

// ErrReplayed is wrapped by the report of a command id the table has already answered: it is
// not carried out again, and its journalled answer is sent again.
var ErrReplayed = errors.New("command already answered (replayed)")

// CommandHandler carries out one command that passed the gate (for this table, in time, not
// answered before, a pit line that parses) and returns the answer to send; the reader fills in
// V, ID, Table and Time when they are empty. It is called from the reader's goroutine, one
// command at a time, and must journal the command and its answer in one transaction before it
// returns (CommandJournal.Answered then finds the answer). An error means the command was not
// carried out and may be given again (the journal could not take it, the table is stopping):
// it is not answered, and comes again.
type CommandHandler func(ctx context.Context, cmd pitwire.PitCommand, c desk.Command) (pitwire.PitAnswer, error)

// CommandJournal is the table's record of its answers to the pit's commands (the table's
// journal, app/pitcommands.go). The reader looks every command up there before anything else:
// a command answered before (the answer was lost, the table restarted before acknowledging
// it, the pit sent it again) is never carried out twice, and its journalled answer is sent
// again. A command the reader refuses itself (for another table, too late, malformed) is
// journalled there too, before its answer is sent.
type CommandJournal interface {
	// Answered is the journalled answer to command id, if the table has answered it.
	Answered(id string) (pitwire.PitAnswer, bool)
	// Refuse journals ans, the reader's own answer to cmd (rejected or too late; cmd has at
	// least its ID and Table), and returns it as journalled (with its record's Seq and Time).
	// An error leaves the command unanswered, to come again.
	Refuse(ctx context.Context, cmd pitwire.PitCommand, ans pitwire.PitAnswer) (pitwire.PitAnswer, error)
}

// CommandReaderConfig configures a table's reader of its pit commands.
type CommandReaderConfig struct {
	Table string     // the table id: it reads pit.cmd.<id> and answers on table.<id>.pit_answer
	Conn  ConnConfig // where the bus is and this table's credentials
	// Journal is where the table records its answers (required).
	Journal CommandJournal
	// Now is the table's clock (default time.Now): a command whose Expires is before it is too
	// late; one issued more than Skew after it is refused as issued in the future.
	Now  func() time.Time
	Skew time.Duration // default 2 minutes
	// OnError is told every refusal and failure (the table's log); it must not block. Optional.
	OnError func(error)
}

// CommandReader is a table's reader of its pit commands.
type CommandReader struct {
	cfg    CommandReaderConfig
	handle CommandHandler
}

// NewCommandReader is a reader of cfg.Table's commands that hands each to handle. Run starts it.
func NewCommandReader(cfg CommandReaderConfig, handle CommandHandler) (*CommandReader, error) {
	if !pitwire.ValidTableID(cfg.Table) {
		return nil, fmt.Errorf("new command reader: bad table id %q", cfg.Table)
	}
	if cfg.Journal == nil {
		return nil, fmt.Errorf("new command reader of table %s: no journal of its answers: a command could be carried out twice", cfg.Table)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Skew <= 0 {
		cfg.Skew = 2 * time.Minute
	}
	if cfg.Conn.Name == "" {
		cfg.Conn.Name = "table " + cfg.Table + " commands"
	}
	if cfg.Conn.InboxPrefix == "" {
		cfg.Conn.InboxPrefix = TableInbox(cfg.Table)
	}
	return &CommandReader{cfg: cfg, handle: handle}, nil
}

func (r *CommandReader) report(err error) {
	if r.cfg.OnError != nil {
		r.cfg.OnError(err)
	}
}

// Run reads commands until ctx is done, retrying the bus forever; it returns ctx's error.
func (r *CommandReader) Run(ctx context.Context) error {
	nc, err := Connect(r.cfg.Conn)
	if err != nil {
		return fmt.Errorf("command reader of table %s: %w", r.cfg.Table, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("command reader of table %s: %w", r.cfg.Table, err)
	}
	last, backoff := "", time.Second
	for {
		err := r.consume(ctx, js)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err.Error() != last { // the same failure again (a pit server with no PITCMD stream) is said once
			last = err.Error()
			r.report(fmt.Errorf("command reader of table %s: %w", r.cfg.Table, err))
		}
		if !sleep(ctx, backoff) {
			return ctx.Err()
		}
		backoff = min(2*backoff, 10*time.Second)
	}
}

// AckWait is how long the bus waits for a table to acknowledge a command before it delivers
// it again (the table looks it up in its journal first, so it is never carried out twice).
const AckWait = 30 * time.Second

// retryDelay is how soon a command whose answer could not be sent (nor journalled, nor carried
// out) is delivered again.
const retryDelay = 2 * time.Second

// consume creates (or finds) the table's durable consumer and handles its commands, one at a
// time, until ctx is done or the consumer fails.
func (r *CommandReader) consume(ctx context.Context, js jetstream.JetStream) error {
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	cons, err := js.CreateOrUpdateConsumer(cctx, CommandStreamName, jetstream.ConsumerConfig{
		Durable:       CommandConsumer(r.cfg.Table),
		FilterSubject: pitwire.PitCommandSubject(r.cfg.Table),
		AckPolicy:     jetstream.AckExplicitPolicy,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		AckWait:       AckWait,
		MaxAckPending: 1,
	})
	cancel()
	if err != nil {
		return fmt.Errorf("consumer %s: %w", CommandConsumer(r.cfg.Table), err)
	}
	it, err := cons.Messages(jetstream.PullMaxMessages(16))
	if err != nil {
		return fmt.Errorf("consumer %s: %w", CommandConsumer(r.cfg.Table), err)
	}
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	defer it.Stop()
	for {
		msg, err := it.Next()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		if err := r.one(ctx, js, msg.Subject(), msg.Data()); err != nil {
			r.report(err)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			// Not acknowledged: it comes again (soon, or after AckWait if the bus is gone), and
			// is then answered from the journal if it was carried out.
			_ = msg.NakWithDelay(retryDelay)
			continue
		}
		if err := msg.Ack(); err != nil {
			r.report(fmt.Errorf("command reader of table %s: acknowledge: %w", r.cfg.Table, err))
		}
	}
}

// one looks one command up in the journal, else checks it, hands it on if it passes (or
// journals the refusal), and publishes the answer. An error means the answer was not published:
// the command is not acknowledged and comes again, and is then answered from the journal.
func (r *CommandReader) one(ctx context.Context, js jetstream.JetStream, subject string, data []byte) error {
	now := r.cfg.Now()
	cmd, err := pitwire.DecodePitCommand(subject, data)
	id := cmd.ID
	if err != nil {
		id = idOf(data)
	}
	if !pitwire.ValidCommandID(id) {
		r.report(fmt.Errorf("table %s refused a pit command with no usable id: %w", r.cfg.Table, err))
		return nil // nothing to answer to: logged, dropped
	}
	if ans, ok := r.cfg.Journal.Answered(id); ok {
		r.report(fmt.Errorf("table %s refused pit command %s: %w: its journalled answer is sent again", r.cfg.Table, id, ErrReplayed))
		return r.publish(ctx, js, ans)
	}
	var ans pitwire.PitAnswer
	switch {
	case err != nil:
		r.report(fmt.Errorf("table %s refused a pit command: %w", r.cfg.Table, err))
		cmd = pitwire.PitCommand{ID: id, Table: r.cfg.Table}
		ans = pitwire.PitAnswer{Outcome: pitwire.OutcomeRejected, Reason: ClipReason(err.Error())}
	case cmd.Table != r.cfg.Table:
		// Only possible on an open bus, or a consumer misconfigured: never carried out.
		r.report(fmt.Errorf("table %s refused pit command %s: it is for table %s", r.cfg.Table, cmd.ID, cmd.Table))
		cmd.Table = r.cfg.Table
		ans = pitwire.PitAnswer{Outcome: pitwire.OutcomeRejected, Reason: "the command names another table"}
	case now.After(cmd.Expires):
		r.report(fmt.Errorf("table %s refused pit command %s: it expired at %s, received at %s", r.cfg.Table, cmd.ID,
			cmd.Expires.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339)))
		ans = pitwire.PitAnswer{Outcome: pitwire.OutcomeTooLate, Reason: fmt.Sprintf("received at %s, after it expired at %s: not carried out",
			now.UTC().Format("15:04:05"), cmd.Expires.UTC().Format("15:04:05"))}
	case cmd.Issued.After(now.Add(r.cfg.Skew)):
		r.report(fmt.Errorf("table %s refused pit command %s: issued %s, in the future of the table's clock %s", r.cfg.Table, cmd.ID,
			cmd.Issued.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339)))
		ans = pitwire.PitAnswer{Outcome: pitwire.OutcomeRejected, Reason: fmt.Sprintf("issued at %s, ahead of the table's clock %s: check the clocks",
			cmd.Issued.UTC().Format("15:04:05"), now.UTC().Format("15:04:05"))}
	default:
		c, err := pitwire.ParsePitLine(cmd.Line) // Validate parsed it already: this cannot fail
		if err != nil {
			ans = pitwire.PitAnswer{Outcome: pitwire.OutcomeRejected, Reason: ClipReason(err.Error())}
			break
		}
		if ans, err = r.handle(ctx, cmd, c); err != nil {
			return fmt.Errorf("table %s: pit command %s: %w", r.cfg.Table, cmd.ID, err)
		}
		return r.publish(ctx, js, r.complete(cmd, ans))
	}
	ans, err = r.cfg.Journal.Refuse(ctx, cmd, r.complete(cmd, ans))
	if err != nil {
		return fmt.Errorf("table %s: journal the answer to pit command %s: %w", r.cfg.Table, cmd.ID, err)
	}
	return r.publish(ctx, js, ans)
}

// complete fills in what an answer to cmd always says.
func (r *CommandReader) complete(cmd pitwire.PitCommand, ans pitwire.PitAnswer) pitwire.PitAnswer {
	if ans.V == 0 {
		ans.V = pitwire.PitVersion
	}
	ans.ID, ans.Table = cmd.ID, r.cfg.Table
	if ans.Time.IsZero() {
		ans.Time = r.cfg.Now()
	}
	ans.Reason = ClipReason(ans.Reason)
	return ans
}

// publish sends an answer into the ANSWERS stream. Its message id is the command's and the
// table's, so the stream keeps one copy of an answer sent again within its de-duplication
// window (the first publish was stored but its acknowledgement lost).
func (r *CommandReader) publish(ctx context.Context, js jetstream.JetStream, ans pitwire.PitAnswer) error {
	data, err := pitwire.EncodePitAnswer(ans)
	if err != nil {
		return fmt.Errorf("table %s: answer to pit command %s: %w", r.cfg.Table, ans.ID, err)
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := js.Publish(pctx, pitwire.PitAnswerSubject(r.cfg.Table), data, jetstream.WithExpectStream(AnswerStreamName),
		jetstream.WithMsgID(ans.ID+"."+r.cfg.Table)); err != nil {
		return fmt.Errorf("table %s: publish answer to pit command %s: %w", r.cfg.Table, ans.ID, err)
	}
	return nil
}

// idOf is the "id" of a command that failed its checks, if it has a usable one.
func idOf(data []byte) string {
	var v struct {
		ID string `json:"id"`
	}
	if len(data) > pitwire.MaxPitSize || json.Unmarshal(data, &v) != nil {
		return ""
	}
	return v.ID
}

// ClipReason keeps a reason within pitwire.MaxPitReason bytes, on a character boundary.
func ClipReason(s string) string {
	if len(s) <= pitwire.MaxPitReason {
		return s
	}
	s = s[:pitwire.MaxPitReason-3]
	for len(s) > 0 && s[len(s)-1]&0xC0 == 0x80 {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] >= 0xC0 {
		s = s[:len(s)-1]
	}
	return s + "…"
}
