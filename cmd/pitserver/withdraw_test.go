package main

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/app/pitcmd/simdesk"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testbin"
)

// TestWithdrawFromTheShell: `pitserver post --withdraw ID` withdraws a posted change from the
// table that accepted it, through the command API on a real bus, as the console's Cancel does
// (the same !withdraw, the same person rules); what cannot be withdrawn, or is asked wrongly, is
// refused with a reason, and the API answers each with its status.
func TestWithdrawFromTheShell(t *testing.T) {
	cfg := FileConfig{
		Server: bus.ServerConfig{Name: "pit-1", Port: -1, StoreDir: t.TempDir(),
			Tables: []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "secret-7"}}},
		Commands: CommandsConfig{Listen: "127.0.0.1:0", People: []string{"S042", "S043"},
			Tables: []pitcmd.Table{{ID: "BAC-07", Pit: "east", Game: pitcmd.GameBaccarat}}},
	}
	n := startNode(t, cfg)
	apiRe, busRe := regexp.MustCompile(`command API at (http://[0-9.:]+)/api/commands`), regexp.MustCompile(`clients at (nats://[0-9.:]+)`)
	waitFor(t, 30*time.Second, "the command API", func() bool { return apiRe.MatchString(n.out.String()) })
	api, busURL := apiRe.FindStringSubmatch(n.out.String())[1], busRe.FindStringSubmatch(n.out.String())[1]

	tb, err := simdesk.New(simdesk.Config{ID: "BAC-07", Conn: bus.ConnConfig{URLs: []string{busURL}, User: "bac-07", Password: "secret-7"},
		Sign: engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000}}, Heartbeat: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = tb.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	post := func(args ...string) (string, error) {
		var out, errOut testbin.Buffer
		err := run(context.Background(), append([]string{"post", "--api", api, "--wait", "60s"}, args...), &out, &errOut)
		return out.String(), err
	}

	// A higher minimum in an hour (a dated at=, so the test may run at any time of day).
	at := time.Now().UTC().Add(time.Hour).Truncate(time.Minute)
	out, err := post("--by", "S042", "--tables", "BAC-07", "!limits at="+at.Format("2006-01-02T15:04:05")+" player=50-1000 banker=50-1000")
	if err != nil || !strings.Contains(out, "BAC-07       accepted effective") {
		t.Fatalf("post: %v\n%s", err, out)
	}
	id := regexp.MustCompile(`command (\S+) posted`).FindStringSubmatch(out)[1]
	if got := tb.Scheduled(); len(got) != 1 {
		t.Fatalf("the table's changes to come: %+v", got)
	}

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a command line too", []string{"--by", "S042", "--withdraw", id, "!close at=23:00"}, "unexpected command line"},
		{"tables", []string{"--by", "S042", "--withdraw", id, "--tables", "BAC-07"}, "no --tables, --pit or --game"},
		{"expiry", []string{"--by", "S042", "--withdraw", id, "--expiry", "1m"}, "no --expiry"},
		{"unknown person", []string{"--by", "S999", "--withdraw", id}, `unknown person "S999"`},
		{"no person", []string{"--withdraw", id}, "not a person id"},
		{"unknown command", []string{"--by", "S042", "--withdraw", "20260101T000000-nope"}, "no such command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if out, err := post(tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("post %v: %v (printed %q), want %q", tc.args, err, out, tc.want)
			}
		})
	}
	if got := tb.Scheduled(); len(got) != 1 {
		t.Fatalf("a refused withdrawal changed the table: %+v", got)
	}

	// Another supervisor withdraws it: the table carries out the !withdraw of that change.
	out, err = post("--by", "S043", "--withdraw", id)
	if err != nil {
		t.Fatalf("post --withdraw: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`withdrawal (\S+) of command ` + regexp.QuoteMeta(id) + ` posted\nBAC-07 +accepted effective`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("post --withdraw printed:\n%s", out)
	}
	if got := tb.Scheduled(); len(got) != 0 {
		t.Errorf("the table still has changes to come: %+v", got)
	}
	c := tb.Carried()
	if last := c[len(c)-1]; last.ID != m[1] || last.Withdraws != id || last.By != "S043" || last.Line != "!withdraw at="+at.Format("2006-01-02T15:04:05") {
		t.Errorf("the table carried out %+v last, want the !withdraw of %s by S043", last, id)
	}
	if out, err := post("--by", "S042", "--withdraw", id); err == nil || !strings.Contains(err.Error(), "nothing to withdraw") {
		t.Errorf("withdrawn twice: %v\n%s", err, out)
	}

	// The API's statuses.
	for _, tc := range []struct {
		path, body string
		status     int
		says       string
	}{
		{"/api/commands/" + id + "/withdraw", `{"by":"S042"}`, http.StatusConflict, "nothing to withdraw"},
		{"/api/commands/" + m[1] + "/withdraw", `{"by":"S042"}`, http.StatusConflict, "itself a withdrawal"},
		{"/api/commands/nope/withdraw", `{"by":"S042"}`, http.StatusNotFound, "no such command"},
		{"/api/commands/" + id + "/withdraw", `{"by":"S1"}`, http.StatusForbidden, "unknown person"},
		{"/api/commands/" + id + "/withdraw", `{"by":"S042","why":"x"}`, http.StatusBadRequest, `unknown field \"why\"`},
		{"/api/commands/" + id + "/withdraw", `not json`, http.StatusBadRequest, "the request"},
	} {
		resp, err := http.Post(api+tc.path, "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != tc.status || !strings.Contains(string(body), tc.says) {
			t.Errorf("POST %s %s: %s %s, want %d and %q", tc.path, tc.body, resp.Status, body, tc.status, tc.says)
		}
	}
}
