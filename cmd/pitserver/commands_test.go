package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/app/pitcmd/simdesk"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testbin"
)

// TestPostFromTheShell: a pit server with [commands] serves the command API; `pitserver post`
// sends a command to a table that runs the desk and prints its answer; the API refuses bad
// requests with a status and a reason, never a stack trace.
func TestPostFromTheShell(t *testing.T) {
	cfg := FileConfig{
		Server: bus.ServerConfig{Name: "pit-1", Port: -1, StoreDir: t.TempDir(),
			Tables: []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "secret-7"}}},
		Commands: CommandsConfig{Listen: "127.0.0.1:0", People: []string{"S042"},
			Tables: []pitcmd.Table{{ID: "BAC-07", Pit: "east", Game: pitcmd.GameBaccarat}}},
	}
	n := startNode(t, cfg)
	api := n.listening(t, sayAPI)

	tb, err := simdesk.New(simdesk.Config{ID: "BAC-07", Conn: bus.ConnConfig{URLs: []string{n.busURL(t)}, User: "bac-07", Password: "secret-7"},
		Sign: engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000}}, Heartbeat: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = tb.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	var out, errOut testbin.Buffer
	if err := run(context.Background(), []string{"post", "--api", api, "--by", "S042", "--pit", "east", `!limits player=10-500 reason="slow night"`}, &out, &errOut); err != nil {
		t.Fatalf("post: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "BAC-07       accepted effective") {
		t.Fatalf("post printed:\n%s", out.String())
	}
	if got := tb.Scheduled(); len(got) != 1 || got[0].Sign.Player.Max != 50000 {
		t.Fatalf("the table's sign: %+v", got)
	}
	err = run(context.Background(), []string{"post", "--api", api, "--by", "S999", "--tables", "BAC-07", "!close at=23:00"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), `unknown person "S999"`) {
		t.Fatalf("an unknown person: %v", err)
	}

	for _, tc := range []struct {
		method, path, body string
		status             int
		says               string
	}{
		{"POST", "/api/commands", `{"target":{"tables":["BAC-07"]},"line":"!close at=23:00","by":"S042","extra":1}`, 400, `unknown field \"extra\"`},
		{"POST", "/api/commands", `{"target":{"tables":["BAC-07"]},"line":"!bet 1 banker 100","by":"S042"}`, 400, "not a pit command"},
		{"POST", "/api/commands", `{"target":{"tables":["BAC-07"]},"line":"!close at=23:00","by":"S1"}`, 403, "unknown person"},
		{"POST", "/api/commands", `not json`, 400, "the request"},
		{"GET", "/api/commands/nope", ``, 404, "did not send it"},
		{"GET", "/api/commands/nope?wait=forever", ``, 400, "wait="},
		{"GET", "/api/tables", ``, 200, `"game":"baccarat"`},
		{"GET", "/api/commands", ``, 200, `"state":"accepted"`},
	} {
		req, _ := http.NewRequest(tc.method, api+tc.path, strings.NewReader(tc.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != tc.status || !strings.Contains(string(body), tc.says) {
			t.Errorf("%s %s %s: %s %s, want %d and %q", tc.method, tc.path, tc.body, resp.Status, body, tc.status, tc.says)
		}
	}
}

// TestCommandsConfigRefusedByName: the command API listens on loopback only, and needs tables.
func TestCommandsConfigRefusedByName(t *testing.T) {
	for _, tc := range []struct {
		c    CommandsConfig
		says string
	}{
		{CommandsConfig{Listen: "0.0.0.0:8089", Tables: []pitcmd.Table{{ID: "T1", Game: "baccarat"}}}, "loopback"},
		{CommandsConfig{Listen: "127.0.0.1:8089"}, "lists no table"},
		{CommandsConfig{Listen: "8089"}, "host:port"},
		{CommandsConfig{ExpiryMinutes: 61}, "expiry_minutes"},
	} {
		if err := tc.c.check(); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.says)
		}
	}
}
