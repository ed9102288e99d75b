package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
)

// CommandsConfig is [commands]: the pit's commands to its tables (issue 25) and the HTTP/JSON
// entry that posts them (the pit console's, and `pitserver post`'s).
type CommandsConfig struct {
	// Listen is the HTTP address of the command API, host:port on a loopback address (it has no
	// sign-in of its own: the pit console in front of it signs people in). "": no API.
	Listen string `toml:"listen"`
	// People are the ids of the people who may give commands, until the people directory
	// replaces this list.
	People []string `toml:"people"`
	// ExpiryMinutes is how long a table that was offline may still carry a command out
	// (default 5, at most 60).
	ExpiryMinutes int `toml:"expiry_minutes"`
	// Tables are the tables the pit may command, each with its pit and game.
	Tables []pitcmd.Table `toml:"tables"`
}

// check refuses a [commands] section that cannot work, naming the key.
func (c CommandsConfig) check() error {
	if c.Listen != "" {
		host, _, err := net.SplitHostPort(c.Listen)
		if err != nil {
			return fmt.Errorf("commands.listen %q: want host:port", c.Listen)
		}
		if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return fmt.Errorf("commands.listen %q: the command API has no sign-in of its own: listen on a loopback address (127.0.0.1:8089) behind the pit console", c.Listen)
		}
		if len(c.Tables) == 0 {
			return errors.New("commands.listen is set but [[commands.tables]] lists no table")
		}
	}
	if c.ExpiryMinutes < 0 || c.ExpiryMinutes > 60 {
		return fmt.Errorf("commands.expiry_minutes %d: want 1 to 60", c.ExpiryMinutes)
	}
	return nil
}

// startCommands starts, when [commands] lists tables, the Sender on the server's in-process
// pit connection and the command API (the keeper created the command streams with the
// others: bus.EnsureStream). stop undoes it.
func startCommands(srv *bus.Server, cc CommandsConfig, more pitcmd.People, stdout, stderr io.Writer) (sender *pitcmd.Sender, stop func(), err error) {
	if len(cc.Tables) == 0 {
		return nil, func() {}, nil
	}
	var people pitcmd.People = pitcmd.PeopleList(cc.People)
	if more != nil {
		people = eitherPeople{people, more}
	}
	s, err := pitcmd.Start(pitcmd.Config{Conn: srv.PitConn(), Tables: cc.Tables, People: people,
		Expiry: time.Duration(cc.ExpiryMinutes) * time.Minute, OnError: func(err error) { fmt.Fprintln(stderr, "pitserver:", err) }})
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(stdout, "pit server %s: commands to %d tables\n", srv.Name(), len(cc.Tables))
	if cc.Listen == "" {
		return s, s.Close, nil
	}
	l, err := net.Listen("tcp", cc.Listen)
	if err != nil {
		s.Close()
		return nil, nil, fmt.Errorf("commands.listen: %w", err)
	}
	hs := &http.Server{Handler: commandAPI(s), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(l) }()
	fmt.Fprintf(stdout, "pit server %s: command API at http://%s/api/commands\n", srv.Name(), l.Addr())
	return s, func() {
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
		s.Close()
	}, nil
}

// eitherPeople accepts a person either list accepts: the [commands] people and the console's
// supervisors.
type eitherPeople [2]pitcmd.People

// Check implements pitcmd.People.
func (e eitherPeople) Check(ctx context.Context, id string) error {
	err := e[0].Check(ctx, id)
	if err == nil {
		return nil
	}
	if e[1].Check(ctx, id) == nil {
		return nil
	}
	return err
}

// PostRequest is the body of POST /api/commands.
type PostRequest struct {
	Target pitcmd.Target `json:"target"`
	Line   string        `json:"line"`
	By     string        `json:"by"`
	// ExpirySeconds is how long an offline table may still carry it out; 0: the default.
	ExpirySeconds int `json:"expiry_seconds,omitempty"`
}

// WithdrawRequest is the body of POST /api/commands/{id}/withdraw: the person who withdraws
// the command, by the same rules as the one who posts (the console's Cancel sends the same
// !withdraw: pitcmd.Sender.Withdraw).
type WithdrawRequest struct {
	By string `json:"by"`
}

// maxWait is the longest GET /api/commands/{id}?wait= may wait.
const maxWait = 2 * time.Minute

// commandAPI is the HTTP/JSON entry of the pit commands:
//
//	GET  /api/tables              the tables the pit may command
//	POST /api/commands            post a command (PostRequest) → 201 {"id": …}
//	GET  /api/commands            the day's commands, newest first, with every table's answer
//	GET  /api/commands/{id}       one command; ?wait=30s waits until every table has answered or it expired
//	POST /api/commands/{id}/withdraw  withdraw it (WithdrawRequest) → 201 {"ids": […]}: the !withdraw commands
//
// Every error is {"error": "…"} with a 4xx status naming what is wrong (a 502 when the bus
// stored a command for some tables only: the answers say which).
func commandAPI(s *pitcmd.Sender) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/tables", func(w http.ResponseWriter, r *http.Request) { reply(w, http.StatusOK, s.Tables()) })
	mux.HandleFunc("GET /api/commands", func(w http.ResponseWriter, r *http.Request) { reply(w, http.StatusOK, s.Commands()) })
	mux.HandleFunc("POST /api/commands", func(w http.ResponseWriter, r *http.Request) {
		var req PostRequest
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			fail(w, http.StatusBadRequest, fmt.Errorf("the request: %w", err))
			return
		}
		if req.ExpirySeconds < 0 {
			fail(w, http.StatusBadRequest, fmt.Errorf("expiry_seconds %d: not negative", req.ExpirySeconds))
			return
		}
		id, err := s.Post(r.Context(), req.Target, req.Line, req.By, time.Duration(req.ExpirySeconds)*time.Second)
		switch {
		case err != nil && id == "":
			status := http.StatusBadRequest
			if errors.Is(err, pitcmd.ErrUnknownPerson) {
				status = http.StatusForbidden
			}
			fail(w, status, err)
		case err != nil:
			fail(w, http.StatusBadGateway, err) // sent to some tables only: the answers say which
		default:
			reply(w, http.StatusCreated, map[string]string{"id": id})
		}
	})
	mux.HandleFunc("POST /api/commands/{id}/withdraw", func(w http.ResponseWriter, r *http.Request) {
		var req WithdrawRequest
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			fail(w, http.StatusBadRequest, fmt.Errorf("the request: %w", err))
			return
		}
		ids, err := s.Withdraw(r.Context(), r.PathValue("id"), req.By)
		switch {
		case err == nil:
			reply(w, http.StatusCreated, map[string][]string{"ids": ids})
		case len(ids) > 0: // sent to some tables only: the answers say which
			reply(w, http.StatusBadGateway, map[string]any{"ids": ids, "error": err.Error()})
		case errors.Is(err, pitcmd.ErrUnknownPerson):
			fail(w, http.StatusForbidden, err)
		case errors.Is(err, pitcmd.ErrUnknownCommand):
			fail(w, http.StatusNotFound, err)
		case errors.Is(err, pitcmd.ErrNothingToWithdraw):
			fail(w, http.StatusConflict, err)
		default:
			fail(w, http.StatusBadRequest, err)
		}
	})
	mux.HandleFunc("GET /api/commands/{id}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		wait := time.Duration(0)
		if v := r.URL.Query().Get("wait"); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 || d > maxWait {
				fail(w, http.StatusBadRequest, fmt.Errorf("wait=%.20q: want a duration up to %v", v, maxWait))
				return
			}
			wait = d
		}
		c, ok := s.Command(id)
		if !ok {
			fail(w, http.StatusNotFound, fmt.Errorf("command %.64q: the pit did not send it", id))
			return
		}
		if wait > 0 && !c.Done() {
			ctx, cancel := context.WithTimeout(r.Context(), wait)
			defer cancel()
			c, _ = s.Wait(ctx, id) // as it stands when the wait ends
		}
		reply(w, http.StatusOK, c)
	})
	return mux
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, status int, err error) {
	reply(w, status, map[string]string{"error": err.Error()})
}

// runPost is `pitserver post`: post one command through a pit server's command API, or
// withdraw one (--withdraw ID), and print every table's answer.
func runPost(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pitserver post", flag.ContinueOnError)
	fs.SetOutput(stderr)
	api := fs.String("api", "http://127.0.0.1:8089", "the pit server's command API (commands.listen)")
	by := fs.String("by", "", "the person who gives the command (required)")
	tables := fs.String("tables", "", "the tables, comma-separated")
	pit := fs.String("pit", "", "every table of this pit (with --game: of that game)")
	game := fs.String("game", "", "every table of this game: baccarat or reddog")
	expiry := fs.Duration("expiry", 0, "how long an offline table may still carry it out (default: the server's)")
	wait := fs.Duration("wait", 30*time.Second, "how long to wait for the answers (0: do not wait)")
	withdraw := fs.String("withdraw", "", "withdraw the command of this id (as printed when it was posted) from every table that accepted it for a time still to come")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: pitserver post --by PERSON (--tables A,B | --pit P | --game G) [--wait 30s] '!limits at=21:30 player=50-5000'
       pitserver post --by PERSON --withdraw COMMAND-ID [--wait 30s]`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *wait < 0 || *wait > maxWait {
		return fmt.Errorf("post: --wait %v: want 0 to %v", *wait, maxWait)
	}
	if *withdraw != "" {
		switch {
		case fs.NArg() > 0:
			return fmt.Errorf("post: --withdraw %s: unexpected command line %q (a withdrawal is the !withdraw of that command, at each table that accepted it)", *withdraw, fs.Arg(0))
		case *tables != "" || *pit != "" || *game != "":
			return fmt.Errorf("post: --withdraw %s: no --tables, --pit or --game (it goes to the tables that accepted that command)", *withdraw)
		case *expiry != 0:
			return fmt.Errorf("post: --withdraw %s: no --expiry (an offline table may take it until the change it withdraws is due)", *withdraw)
		}
		return postWithdraw(ctx, *api, *withdraw, *by, *wait, stdout)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("post: give the command line as one argument, in quotes")
	}
	req := PostRequest{Line: fs.Arg(0), By: *by, Target: pitcmd.Target{Pit: *pit, Game: *game}, ExpirySeconds: int(expiry.Seconds())}
	if *tables != "" {
		req.Target.Tables = strings.Split(*tables, ",")
	}
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	var posted struct {
		ID    string `json:"id"`
		Error string `json:"error"`
	}
	if err := call(ctx, http.MethodPost, *api+"/api/commands", body, *wait+10*time.Second, &posted); err != nil {
		return fmt.Errorf("post: %w", err)
	}
	if posted.Error != "" {
		return fmt.Errorf("post: refused: %s", posted.Error)
	}
	fmt.Fprintf(stdout, "command %s posted\n", posted.ID)
	return printAnswers(ctx, *api, posted.ID, *wait, stdout)
}

// postWithdraw is `pitserver post --withdraw ID`: POST /api/commands/ID/withdraw, then every
// table's answer to each !withdraw command it was sent.
func postWithdraw(ctx context.Context, api, id, by string, wait time.Duration, stdout io.Writer) error {
	body, err := json.Marshal(WithdrawRequest{By: by})
	if err != nil {
		return err
	}
	var sent struct {
		IDs   []string `json:"ids"`
		Error string   `json:"error"`
	}
	if err := call(ctx, http.MethodPost, api+"/api/commands/"+url.PathEscape(id)+"/withdraw", body, wait+10*time.Second, &sent); err != nil {
		return fmt.Errorf("post --withdraw: %w", err)
	}
	if sent.Error != "" && len(sent.IDs) == 0 {
		return fmt.Errorf("post --withdraw: refused: %s", sent.Error)
	}
	if sent.Error != "" { // stored for some tables only; the others' answers say which
		fmt.Fprintf(stdout, "WARNING: %s\n", sent.Error)
	}
	for _, wid := range sent.IDs {
		fmt.Fprintf(stdout, "withdrawal %s of command %s posted\n", wid, id)
		if err := printAnswers(ctx, api, wid, wait, stdout); err != nil {
			return err
		}
	}
	return nil
}

// printAnswers waits up to wait (0: not at all) for every table's answer to command id and
// prints them, one table a line.
func printAnswers(ctx context.Context, api, id string, wait time.Duration, stdout io.Writer) error {
	if wait == 0 {
		return nil
	}
	var c pitcmd.Command
	if err := call(ctx, http.MethodGet, api+"/api/commands/"+url.PathEscape(id)+"?wait="+wait.String(), nil, wait+10*time.Second, &c); err != nil {
		return fmt.Errorf("post: answers: %w", err)
	}
	for _, t := range c.Tables {
		line := fmt.Sprintf("%-12s %s", t.Table, t.State)
		if a := t.Answer; a != nil {
			switch {
			case !a.Effective.IsZero():
				line += " effective " + a.Effective.Local().Format("15:04:05")
			case a.Rule != "":
				line += " (" + a.Rule + ")"
			}
			if a.Reason != "" {
				line += ": " + a.Reason
			}
		}
		fmt.Fprintln(stdout, line)
	}
	if !c.Done() {
		fmt.Fprintf(stdout, "not every table has answered yet: pitserver post waits %v; GET %s/api/commands/%s shows the answers\n", wait, api, c.ID)
	}
	return nil
}

// call makes one request of the command API and decodes its JSON answer (an error answer too)
// into out.
func call(ctx context.Context, method, url string, body []byte, timeout time.Duration, out any) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: status %s: %.200s", method, url, resp.Status, data)
	}
	return nil
}
