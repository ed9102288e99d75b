package bus_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/nats-io/nats.go/jetstream"
)

// startDirectoryServer is a pit server with credentials for table T1, a board and a manager,
// and the operator directory's bucket made by the administrator.
func startDirectoryServer(t *testing.T) (srv *bus.Server, table, board, manager bus.ConnConfig) {
	t.Helper()
	srv = bustest.Start(t, bus.ServerConfig{
		Tables:   []bus.Credential{{Table: "T1", User: "t1", Password: "secret-1"}},
		Boards:   []bus.Credential{{User: "board", Password: "secret-b"}},
		Managers: []bus.Credential{{User: "pit", Password: "secret-p"}},
	})
	table = bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "secret-1", InboxPrefix: bus.TableInbox("T1")}
	board = bus.ConnConfig{URLs: []string{srv.URL()}, User: "board", Password: "secret-b"}
	manager = bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "secret-p"}
	return srv, table, board, manager
}

// versions collects what a table's watcher received.
type versions struct {
	mu  sync.Mutex
	got []*people.Directory
	bad []error
}

func (v *versions) add(raw []byte, _ uint64) {
	d, err := people.Decode(raw)
	v.mu.Lock()
	defer v.mu.Unlock()
	if err != nil {
		v.bad = append(v.bad, err)
		return
	}
	v.got = append(v.got, d)
}

func (v *versions) last() *people.Directory {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.got) == 0 {
		return nil
	}
	return v.got[len(v.got)-1]
}

func TestDirectoryDeliveredToTableAndWrittenOnlyByThePit(t *testing.T) {
	srv, tableConn, boardConn, _ := startDirectoryServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	dirs := bustest.Manage(t, srv, "pit", "secret-p")
	if d, err := dirs.List(ctx); err != nil || len(d.People) != 0 {
		t.Fatalf("empty bucket: %v %v", d, err)
	}
	if _, err := dirs.Add(ctx, people.Change{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"}, "installer"); err != nil {
		t.Fatal(err)
	}

	// The table watches with its own credentials and gets the current version first.
	v := &versions{}
	var watchErrs []error
	var errMu sync.Mutex
	wctx, stopWatch := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		bus.WatchDirectory(wctx, tableConn, v.add, func(err error) { errMu.Lock(); watchErrs = append(watchErrs, err); errMu.Unlock() })
	}()
	defer func() { stopWatch(); <-done }()
	waitFor(t, 20*time.Second, "version 1 at the table", func() bool { d := v.last(); return d != nil && d.Version == 1 })

	if _, err := dirs.Add(ctx, people.Change{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"}, "installer"); err != nil {
		t.Fatal(err)
	}
	if _, err := dirs.Deactivate(ctx, "17", "installer"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 20*time.Second, "version 3 at the table", func() bool { d := v.last(); return d != nil && d.Version == 3 })
	if p, ok := v.last().Lookup("17"); !ok || p.Active {
		t.Fatalf("17 after deactivation: %+v %v", p, ok)
	}
	if _, err := dirs.Add(ctx, people.Change{ID: "17", Name: "Other", Role: people.RoleDealer, PIN: "1234"}, "x"); err == nil {
		t.Fatal("an id already in the directory was added again")
	}

	// Neither a table's nor a board's credentials may write the bucket.
	forged := &people.Directory{Schema: people.Schema, Version: 99, People: []people.Person{{ID: "666", Name: "Forger", Role: people.RoleSupervisor, PINHash: v.last().People[0].PINHash, Active: true}}}
	raw, err := forged.Encode()
	if err != nil {
		t.Fatal(err)
	}
	for name, conn := range map[string]bus.ConnConfig{"table": tableConn, "board": boardConn} {
		nc, err := bus.Connect(conn)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := jetstream.New(nc)
		pctx, pcancel := context.WithTimeout(ctx, 3*time.Second)
		_, err = js.Publish(pctx, "$KV."+bus.DirectoryBucket+"."+bus.DirectoryKey, raw)
		pcancel()
		if err == nil {
			t.Errorf("%s credentials wrote the operator directory", name)
		}
		// A plain publish is dropped by the server too (no acknowledgement to wait for).
		if err := nc.Publish("$KV."+bus.DirectoryBucket+"."+bus.DirectoryKey, raw); err == nil {
			_ = nc.Flush()
		}
		nc.Close()
	}
	if d, rev, err := dirs.Current(ctx); err != nil || d.Version != 3 || rev != 3 {
		t.Fatalf("after the forgeries the bucket holds version %v (revision %d), %v; want 3", d, rev, err)
	}
	time.Sleep(200 * time.Millisecond)
	if d := v.last(); d.Version != 3 {
		t.Fatalf("the table saw version %d", d.Version)
	}
	v.mu.Lock()
	if len(v.bad) > 0 {
		t.Errorf("undecodable versions delivered: %v", v.bad)
	}
	v.mu.Unlock()
}

func TestDirectoryConcurrentChangesAreNotLost(t *testing.T) {
	_, _, _, managerConn := startDirectoryServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	ids := []string{"1", "2", "3", "4"}
	errc := make(chan error, len(ids))
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nc, err := bus.Connect(managerConn)
			if err != nil {
				errc <- err
				return
			}
			defer nc.Close()
			dirs, err := bus.OpenDirectories(ctx, nc, nil)
			if err == nil {
				_, err = dirs.Add(ctx, people.Change{ID: id, Name: "P" + id, Role: people.RoleDealer, PIN: "1234"}, "console")
			}
			errc <- err
		}()
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		if err != nil {
			t.Fatal(err)
		}
	}
	nc, _ := bus.Connect(managerConn)
	defer nc.Close()
	dirs, err := bus.OpenDirectories(ctx, nc, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := dirs.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.People) != len(ids) || d.Version != uint64(len(ids)) {
		t.Fatalf("after %d concurrent adds: version %d, %d people", len(ids), d.Version, len(d.People))
	}
	if _, err := dirs.Deactivate(ctx, "9", "x"); err == nil || errors.Is(err, bus.ErrNoDirectory) {
		t.Fatalf("deactivating an unknown id: %v", err)
	}
}

// TestDirectoryHistoryAcrossAGap: the pit's record, read in one pass by the manager's
// credentials, gives each version with what it changed and who made it; when the record lacks
// versions (deleted here, as damage or a purge would), what changed across the gap is said as
// such (Since, Gap), never laid at the next version's door, and the versions either side keep
// their own changes.
func TestDirectoryHistoryAcrossAGap(t *testing.T) {
	srv, _, _, managerConn := startDirectoryServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	nc, err := bus.Connect(managerConn)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	dirs, err := bus.OpenDirectories(ctx, nc, nil)
	if err != nil {
		t.Fatal(err)
	}
	steps := []func() (*people.Directory, error){
		func() (*people.Directory, error) { // 1
			return dirs.Add(ctx, people.Change{ID: "1001", Name: "Ana Lee", Role: people.RoleSupervisor, PIN: "2468"}, "installer")
		},
		func() (*people.Directory, error) { // 2
			return dirs.Add(ctx, people.Change{ID: "2001", Name: "Bo Chen", Role: people.RoleDealer, PIN: "1357"}, "installer")
		},
		func() (*people.Directory, error) {
			return dirs.Amend(ctx, people.Change{ID: "2001", Name: "Bo Chen-Li"}, "by-3")
		}, // 3
		func() (*people.Directory, error) {
			return dirs.Amend(ctx, people.Change{ID: "2001", Role: people.RoleSupervisor}, "by-4")
		}, // 4
		func() (*people.Directory, error) {
			return dirs.Update(ctx, people.Change{ID: "1001", PIN: "8642"}, "by-5")
		}, // 5
		func() (*people.Directory, error) { return dirs.Deactivate(ctx, "2001", "by-6") }, // 6
	}
	for i, step := range steps {
		if _, err := step(); err != nil {
			t.Fatalf("version %d: %v", i+1, err)
		}
	}
	// The record is copied by the server: wait for all six.
	var h []bus.DirectoryVersion
	deadline := time.Now().Add(30 * time.Second)
	for h, err = dirs.History(ctx, 10); err != nil || len(h) < len(steps); h, err = dirs.History(ctx, 10) {
		if time.Now().After(deadline) {
			t.Fatalf("the record: %d versions, %v", len(h), err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	type want struct {
		version, since uint64
		gap            bool
		by             string
		changes        string
	}
	check := func(h []bus.DirectoryVersion, wants []want) {
		t.Helper()
		if len(h) != len(wants) {
			t.Fatalf("%d versions, want %d: %+v", len(h), len(wants), h)
		}
		for i, w := range wants {
			v := h[i]
			var got []string
			for _, d := range v.Changes {
				got = append(got, d.String())
			}
			if v.Dir.Version != w.version || v.Since != w.since || v.Gap() != w.gap || v.Dir.By != w.by || strings.Join(got, "; ") != w.changes {
				t.Errorf("entry %d: version %d since %d gap %v by %q: %q\nwant %+v", i, v.Dir.Version, v.Since, v.Gap(), v.Dir.By, strings.Join(got, "; "), w)
			}
		}
	}
	check(h, []want{
		{6, 5, false, "by-6", "2001 (Bo Chen-Li, supervisor): deactivated"},
		{5, 4, false, "by-5", "1001 (Ana Lee, supervisor): pin_reset"},
		{4, 3, false, "by-4", "2001 (Bo Chen-Li, supervisor): role_changed"},
		{3, 2, false, "by-3", "2001 (Bo Chen-Li, dealer): renamed"},
		{2, 1, false, "installer", "2001 (Bo Chen, dealer): added"},
		{1, 0, false, "installer", "1001 (Ana Lee, supervisor): added"},
	})

	// The gap: the record loses versions 3 and 4 (the administrator deletes their messages).
	js := bustest.AdminJetStream(t, srv)
	st, err := js.Stream(ctx, bus.DirectoryLogStream)
	if err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= uint64(len(steps)); seq++ {
		m, err := st.GetMsg(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		d, err := people.Decode(m.Data)
		if err != nil {
			t.Fatal(err)
		}
		if d.Version == 3 || d.Version == 4 {
			if err := st.DeleteMsg(ctx, seq); err != nil {
				t.Fatal(err)
			}
		}
	}
	h, err = dirs.History(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	check(h, []want{
		{6, 5, false, "by-6", "2001 (Bo Chen-Li, supervisor): deactivated"},
		// versions 3 to 5 together: by-5 made only the PIN reset, and is not named for the rest
		{5, 2, true, "by-5", "1001 (Ana Lee, supervisor): pin_reset; 2001 (Bo Chen-Li, supervisor): renamed, role_changed"},
		{2, 1, false, "installer", "2001 (Bo Chen, dealer): added"},
		{1, 0, false, "installer", "1001 (Ana Lee, supervisor): added"},
	})
	// Fewer than the record holds: the oldest shown says what it changed when the one before
	// it is read too; the oldest read is First.
	h, err = dirs.History(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	check(h, []want{{6, 5, false, "by-6", "2001 (Bo Chen-Li, supervisor): deactivated"}})
	for _, bad := range []int{0, bus.MaxHistory + 1} {
		if _, err := dirs.History(ctx, bad); err == nil {
			t.Errorf("History(%d): no error", bad)
		}
	}
}
