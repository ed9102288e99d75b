package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/cli/input"
	"github.com/coupboard/coupboard/app/cli/setup"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/logs"
	"github.com/coupboard/coupboard/app/outbox"
	"github.com/coupboard/coupboard/app/shoefeed"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/internal/buildinfo"
	"github.com/coupboard/coupboard/serialin"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/themefile"
)

// runFlags are the flags of the table display (coupboard with no subcommand).
type runFlags struct {
	config, journal, script string
	trace, stages           string
	demo, kiosk, headless   bool
	speed                   float64
	size                    string
}

// defaultConfigPaths are tried in order when --config is not given.
func defaultConfigPaths() []string {
	var out []string
	if p := os.Getenv("COUPBOARD_CONFIG"); p != "" {
		out = append(out, p)
	}
	if d, err := os.UserConfigDir(); err == nil {
		out = append(out, filepath.Join(d, "coupboard", "coupboard.toml"))
	}
	// A fleet's configurations may all be installed on every box: this machine's by host name first.
	if host, err := os.Hostname(); err == nil && host != "" && !strings.ContainsAny(host, "/\x00") {
		out = append(out, setup.TablePath("/etc/coupboard", host))
	}
	return append(out, "/etc/coupboard/coupboard.toml")
}

// runTable runs the table display: the configuration (or the demo without one), the journal
// and its recovery, the shoe, the event loop and the Fyne window.
func runTable(args []string, stdout, stderr io.Writer) error {
	var f runFlags
	fs := flag.NewFlagSet("coupboard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.config, "config", "", "configuration file (default: $COUPBOARD_CONFIG, ~/.config/coupboard/coupboard.toml, /etc/coupboard/coupboard.toml; none: the demo)")
	fs.BoolVar(&f.demo, "demo", false, "run the demo: a simulated shoe, vic-baccarat-2002, sample limits, a change of the minimum always on notice")
	fs.BoolVar(&f.kiosk, "kiosk", false, "kiosk mode: full screen, no decorations, cursor hidden, closed only with the supervisor PIN")
	fs.BoolVar(&f.headless, "headless", false, "run the table without a window (the journal and the shoe only; for tests and servers)")
	fs.StringVar(&f.journal, "journal", "", "journal database (overrides [journal] path)")
	fs.StringVar(&f.script, "sim-script", "", "with the simulated shoe: play this shoe script")
	fs.Float64Var(&f.speed, "sim-speed", 0, "with the simulated shoe: pace multiplier (overrides [shoe] sim_speed)")
	fs.StringVar(&f.size, "size", "1280x720", "window size WxH when not in kiosk mode")
	fs.StringVar(&f.trace, "trace", "", "write every screen the loop presents as one JSON line to this file (- for standard output)")
	fs.StringVar(&f.stages, "stages", "", "diagnostic: append, for every input shown, the time of each stage from the loop taking it to the frame painted, one line each, to this file (docs/performance.md §23)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, source, err := loadConfig(f)
	if err != nil {
		return err
	}
	if f.script != "" {
		cfg.Shoe.Port, cfg.Shoe.SimScript = "sim", f.script
	}
	if f.speed != 0 {
		if err := config.CheckSimSpeed(f.speed); err != nil {
			return fmt.Errorf("--sim-speed %w", err)
		}
		cfg.Shoe.SimSpeed = f.speed
	}
	if f.kiosk {
		cfg.Display.Kiosk = true
	}
	if f.journal != "" {
		cfg.Journal.Path = f.journal
	}
	dir, dirPath := directoryCopy(cfg)
	if err := kioskExit(cfg, source == "demo", dir, "copy "+dirPath); err != nil {
		return err
	}
	log := logs.For(stderr, os.Getenv)
	log.Info(fmt.Sprintf("table %s (%s), %s", cfg.Table.ID, cfg.Game.Profile, source), "table", cfg.Table.ID, "profile", cfg.Game.Profile, "config", source)
	var trace io.Writer
	switch {
	case f.trace == "-":
		trace = stdout
	case f.trace != "":
		tf, err := os.OpenFile(f.trace, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--trace: %w", err)
		}
		defer tf.Close()
		trace = tf
	}
	// SIGINT and SIGTERM stop the table cleanly (a clean-stop record, the journal closed) from
	// the moment it starts: caught before the first screen, not after.
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sig)
	var stages *stageLog
	if f.stages != "" {
		sf, err := os.OpenFile(f.stages, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--stages: %w", err)
		}
		defer sf.Close()
		stages = &stageLog{w: sf}
	}
	t, err := startTable(cfg, source == "demo", stderr, trace)
	if err != nil {
		if !f.headless && journalRefused(err) {
			// Say it where the supervisor looks, until the window is closed or SIGTERM.
			log.Error(err.Error(), "table", cfg.Table.ID)
			showRefusal(cfg, f.size, err, sig)
		}
		return err
	}
	defer t.close()
	if stages != nil {
		t.stages.Store(stages)
	}
	// DrainSignal (the package's prerm, before an upgrade): stop at the end of the coup.
	req := make(chan os.Signal, 1)
	signal.Notify(req, DrainSignal)
	defer signal.Stop(req)
	var d drainer
	go d.watch(t, req, sig)
	if f.headless {
		err = t.runHeadless(sig)
	} else {
		err = t.runWindow(cfg, f.size, source == "demo", sig)
	}
	if err == nil && d.done.Load() {
		return errDrained
	}
	return err
}

// journalRefused reports whether err is the journal refusing to be played on: damaged, or not
// a coupboard journal.
func journalRefused(err error) bool {
	return errors.Is(err, journal.ErrDamaged) || errors.Is(err, journal.ErrForeign) || errors.Is(err, journal.ErrCorrupt)
}

// showRefusal shows why the table will not play (the journal's refusal, with the way to
// recover) in the table's language, in a window of its own until it is closed or SIGTERM.
func showRefusal(cfg *config.Config, size string, err error, sig <-chan os.Signal) {
	// A still screen: whole frames as upstream Fyne paints them, not the patched partial
	// present (third_party/fyne), whose X errors (issue 21, item 5) must not hide this message.
	_ = os.Setenv("COUPBOARD_FULL_FRAMES", "1")
	a := fyneapp.NewWithID("com.coupboard.tabledisplay")
	if th, err := loadTheme(cfg.Display.Theme); err == nil {
		display.UseTheme(a, th) // the table's fonts, which hold every character of the catalogue
	}
	w := a.NewWindow("")
	w.SetContent(refusalContent(cfg, w, err))
	if cfg.Display.Kiosk {
		w.SetFullScreen(true)
	} else {
		var wd, ht float32 = 1280, 720
		fmt.Sscanf(strings.ReplaceAll(size, "x", " "), "%g %g", &wd, &ht)
		w.Resize(fyne.NewSize(wd, ht))
	}
	go func() {
		<-sig
		fyne.Do(a.Quit)
	}()
	w.ShowAndRun()
}

// refusalContent is the refusal window's content for err in the table's language (English when
// the configuration's is not one the catalogue has), and w's title.
func refusalContent(cfg *config.Config, w fyne.Window, err error) fyne.CanvasObject {
	lang, lerr := i18n.ParseLang(cfg.Display.Language)
	if lerr != nil {
		lang = i18n.English
	}
	words, werr := i18n.New(lang)
	if werr != nil {
		words = i18n.Catalogue{}
	}
	path, _ := journalPath(cfg)
	w.SetTitle(words.T(i18n.RefusalWindow))
	head, paras := refusalText(words, path, err)
	title := widget.NewLabelWithStyle(head, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	msg := widget.NewLabel(strings.Join(paras, "\n\n"))
	msg.Wrapping = fyne.TextWrapWord
	return container.NewBorder(title, nil, nil, nil, container.NewVScroll(msg))
}

// journalPath is the table's journal: the configuration's path, or the table's default.
func journalPath(cfg *config.Config) (string, error) {
	if cfg.Journal.Path != "" {
		return cfg.Journal.Path, nil
	}
	return journal.DefaultPath(cfg.Table.ID)
}

// loadConfig reads --config, or the first default path that exists, or returns the demo.
func loadConfig(f runFlags) (*config.Config, string, error) {
	if f.demo {
		return config.Demo(), "demo", nil
	}
	if f.config != "" {
		c, err := config.Load(f.config)
		return c, f.config, err
	}
	for _, p := range defaultConfigPaths() {
		if _, err := os.Stat(p); err == nil {
			c, err := config.Load(p)
			return c, p, err
		}
	}
	return config.Demo(), "demo", nil
}

// runningTable is a started table: journal, loop, shoe and the goroutines feeding it.
type runningTable struct {
	loop   *table.Loop
	j      *journal.Journal
	sim    *serialin.SimShoe
	link   *shoeLink
	pub    *bus.Publisher
	ctx    context.Context
	cancel context.CancelFunc
	done   chan error
	// screen is the window's table screen, nil until the window attaches it (headless: never).
	// The loop goroutine, already running then, reads it in present: atomic.
	screen atomic.Pointer[display.TableScreen]
	stderr io.Writer
	trace  *json.Encoder // headless --trace: every presented screen, one JSON line each
	// stages is the --stages diagnostic (stages.go), nil without it; set once, before the
	// window attaches, while the loop runs: atomic.
	stages atomic.Pointer[stageLog]
	// idle collects the window's garbage between cards (idlegc.go); nil headless and until the
	// window attaches, while the loop runs: atomic.
	idle atomic.Pointer[idleCollector]

	// openBus is set when the table publishes with no credentials (bus.open = true): the
	// status strip says so on every screen.
	openBus bool
	build   buildinfo.Info

	table   string       // the table's id
	busURLs []string     // the pit servers, for the log
	log     *slog.Logger // the operational log (package logs): the system journal under systemd
	cond    *conditions  // the machine's conditions on the status strip
	// dir is the table's copy of the pit's operator directory (directory.go), nil in the demo
	// and until directory is called.
	dir *operatorDirectory
	// currency is the table's currency symbol, its setup's: the operator session writes the
	// amounts of an action's reason in it.
	currency string
}

// startTable opens the journal (rebuilding the state it holds), starts the event loop, the
// shoe and the journal's retention. In the demo it keeps a change of the minimum posted with the
// notice the rule book requires, so that a notice and its countdown are always visible
// (demoNotices).
func startTable(cfg *config.Config, demo bool, stderr, trace io.Writer) (*runningTable, error) {
	var setup table.Setup
	var rdSetup table.RedDogSetup
	var err error
	redDog := cfg.Game.Profile == reddog.ProfileID // Red Dog's rules are their own package (engine/reddog)
	if redDog {
		rdSetup, err = RedDogSetupFrom(cfg)
		setup.Sign.Player = rdSetup.Bet // the demo raise: the Red Dog wager is the sign's Player limit
	} else {
		setup, err = SetupFrom(cfg)
	}
	if err != nil {
		return nil, err
	}
	path, err := journalPath(cfg)
	if err != nil {
		return nil, err
	}
	j, err := journal.Open(path, journal.Options{Table: cfg.Table.ID})
	if err != nil {
		return nil, fmt.Errorf("open journal: %w", err)
	}
	t := &runningTable{j: j, done: make(chan error, 1), stderr: stderr, build: buildinfo.Read("coupboard"), table: cfg.Table.ID, busURLs: cfg.Bus.URLs}
	t.log = logs.For(stderr, os.Getenv).With("table", cfg.Table.ID)
	t.cond = &conditions{board: health.NewBoard(t.log), clock: health.KernelClock{}, backup: health.BackupStatusPath(path, cfg.Table.ID), started: time.Now()}
	if trace != nil {
		t.trace = json.NewEncoder(trace)
	}
	t.ctx, t.cancel = context.WithCancel(context.Background())
	opt := table.Options{Present: t.present, Committed: t.committed,
		// The cause in SQLite's or the system's words, for the log; the screen words its kind.
		Failed: func(err error) { t.log.Error("journal write failed: " + err.Error()) }}
	if redDog {
		t.loop, err = table.NewRedDogLoop(rdSetup, j, opt)
		t.currency = rdSetup.Currency
	} else {
		t.loop, err = table.NewBaccaratLoop(setup, j, opt)
		t.currency = setup.Currency
	}
	if err != nil {
		j.Close()
		return nil, err
	}
	if rec := t.loop.Recovery(); rec.Inputs > 0 {
		t.log.Info(fmt.Sprintf("journal %s: %d inputs replayed, %d coups, clean stop %v", path, rec.Inputs, rec.Coups, rec.Clean),
			"journal", path, "inputs", rec.Inputs, "coups", rec.Coups, "clean", rec.Clean, "in_coup", rec.InCoup)
	}
	// Which build ran is part of the record: appended before the loop runs (so it is the only
	// writer) and after recovery (which skips this kind).
	if err := journalStart(j, t.build, time.Now()); err != nil {
		t.cancel()
		j.Close()
		return nil, err
	}
	// The operator directory: the operator screen's sign-in and the check of the person who
	// gives a pit command (directory.go).
	t.directory(cfg, demo)
	if len(cfg.Bus.URLs) > 0 {
		if err := t.startPublisher(cfg); err != nil {
			t.cancel()
			j.Close()
			return nil, err
		}
	}
	go func() { t.done <- t.loop.Run(t.ctx) }()
	if err := t.startShoe(cfg, demo); err != nil {
		t.close()
		return nil, err
	}
	if cfg.Journal.RetentionDays > 0 {
		ticks := time.NewTicker(time.Hour)
		go func() {
			defer ticks.Stop()
			j.Retain(t.ctx, time.Duration(cfg.Journal.RetentionDays)*24*time.Hour, ticks.C, func(r journal.PruneResult, err error) {
				if err != nil {
					t.log.Error("prune journal: "+err.Error(), "journal", path)
				}
			})
		}()
	}
	go t.watch(time.NewTicker(watchEvery).C)
	if demo {
		notices, err := demoNoticeRules(setup, rdSetup, redDog)
		if err != nil {
			t.close()
			return nil, err
		}
		keeper := &demoNotices{loop: t.loop, now: time.Now, low: setup.Sign.Player.Min, notices: notices, redDog: redDog}
		ticks := time.NewTicker(time.Second)
		go func() {
			defer ticks.Stop()
			keeper.run(t.ctx, ticks.C, func(err error) { t.log.Error(err.Error()) })
		}()
	}
	return t, nil
}

// demoWarmCoups is how many coups, 30 to 40, the demo's first shoe deals at once, so that the
// demo opens on a shoe in play; seed picks it.
func demoWarmCoups(seed uint64) int { return 30 + int(seed%11) }

// startShoe opens the configured shoe (starting the simulated one for port "sim") and feeds
// its events to the loop. The demo's simulated shoe (no script) deals its first 30-40 coups at
// once, then at a live pace with a short betting time (serialin.StartDemoShoe).
func (t *runningTable) startShoe(cfg *config.Config, demo bool) error {
	scfg := serialin.Config{Protocol: cfg.Shoe.Protocol}
	if cfg.Shoe.Port == "sim" && demo && cfg.Shoe.SimScript == "" {
		seed := uint64(time.Now().UnixNano())
		sim, err := serialin.StartDemoShoe(cfg.Shoe.SimSpeed, seed, demoWarmCoups(seed))
		if err != nil {
			return fmt.Errorf("start simulated shoe: %w", err)
		}
		t.sim = sim
		scfg.Path, scfg.Protocol = sim.Path(), "csp1"
	} else if cfg.Shoe.Port == "sim" {
		var toks []engine.Token
		if cfg.Shoe.SimScript != "" {
			f, err := os.Open(cfg.Shoe.SimScript)
			if err != nil {
				return fmt.Errorf("shoe.sim_script: %w", err)
			}
			toks, err = input.Script(f) // a line and the tokens bounded, like replay's
			f.Close()
			if err != nil {
				return fmt.Errorf("shoe.sim_script %s: %w", cfg.Shoe.SimScript, err)
			}
		}
		sim, err := serialin.StartSimShoe(toks, cfg.Shoe.SimSpeed, uint64(time.Now().UnixNano()))
		if err != nil {
			return fmt.Errorf("start simulated shoe: %w", err)
		}
		t.sim = sim
		scfg.Path, scfg.Protocol = sim.Path(), "csp1"
	} else {
		pc, err := serialin.ParsePort(cfg.Shoe.Port)
		if err != nil {
			return fmt.Errorf("shoe.port: %w", err)
		}
		pc.Protocol = scfg.Protocol
		pc.Settings = serialin.Settings{Baud: cfg.Shoe.Baud, Parity: cfg.Shoe.Parity}
		// The shoe kept dealing while the table was stopped: its reader takes up the sequence
		// where the clean stop left it (the simulated shoe above is a new shoe at every start).
		if m := t.loop.Recovery().ShoeMark; m != nil {
			pc.Resume = shoefeed.Resume(m)
			t.log.Info(fmt.Sprintf("shoe: taking up the sequence after SEQ %04d, the last frame taken before the clean stop", m.Seq),
				"shoe_seq", m.Seq, "shoe_hello", m.Hello)
		}
		scfg = pc
	}
	t.link = newShoeLink(t.ctx, t.loop, t.log)
	return t.link.start(scfg)
}

// demoNoticeRules is the demo table's rule on notice, as its desk has it (engine/desk.New).
func demoNoticeRules(setup table.Setup, rd table.RedDogSetup, redDog bool) (engine.NoticeRules, error) {
	if !redDog {
		return setup.Settings.NoticeRules(&setup.Profile)
	}
	n := rd.Profile.Notices
	if rd.NoticeMinutes != 0 {
		n.Minutes = rd.NoticeMinutes
	}
	return n, nil
}

// startPublisher publishes the journal to the pit bus from its own goroutine; the table works
// the same with the bus down (the journal keeps what the bus has not acknowledged).
func (t *runningTable) startPublisher(cfg *config.Config) error {
	conn := tableBusConn(cfg, "table "+cfg.Table.ID)
	pub, err := bus.NewPublisher(bus.PublisherConfig{
		Table:    cfg.Table.ID,
		Conn:     conn,
		OnError:  t.busError,
		Software: "coupboard " + t.build.Short(),
	}, outbox.New(t.j, cfg.Table.ID))
	if err != nil {
		return fmt.Errorf("bus: %w", err)
	}
	t.pub = pub
	if cfg.Bus.Open {
		t.openBus = true
		t.log.Warn(fmt.Sprintf("the pit bus is OPEN (bus.open = true, no credentials): anyone who reaches %s may publish rounds for any table, this one included",
			strings.Join(cfg.Bus.URLs, ", ")))
	}
	go func() {
		if err := pub.Run(t.ctx); err != nil && !errors.Is(err, context.Canceled) {
			t.log.Error("pit bus: " + err.Error())
		}
	}()
	return t.startPitCommands(conn) // pitcommands.go
}

// tableBusConn is the table's connection to the pit bus, with its own credentials and inbox.
func tableBusConn(cfg *config.Config, name string) bus.ConnConfig {
	return bus.ConnConfig{
		URLs: cfg.Bus.URLs, Name: name, User: cfg.Bus.User, Password: cfg.Bus.Password,
		NKeySeedFile: cfg.Bus.NKeySeed, TLS: bus.TLS{CAFile: cfg.Bus.TLSCA, CertFile: cfg.Bus.TLSCert, KeyFile: cfg.Bus.TLSKey},
		InboxPrefix: bus.TableInbox(cfg.Table.ID),
	}
}

// committed wakes the publisher once records are durable.
func (t *runningTable) committed(recs []journal.Record) {
	if s := t.stages.Load(); s != nil {
		s.committed(recs, time.Now())
	}
	if t.pub != nil {
		t.pub.Notify()
	}
}

// present hands a new screen to the window on the Fyne goroutine (architecture.md invariant 2),
// the coup first: the window paints a dealt card at once, and what else a coup's end changes
// (the roads and statistics) in the next frame (TableScreen.ApplyCoup, ApplyRest). The window's loop runs every function queued before a
// frame, and those they queue at once, then paints (third_party/fyne, change 1): two functions
// queued here together both ran before the card's frame, which then rastered the roads too.
// ApplyRest is queued two deep, so that it runs after the card's frame (docs/performance.md, §20);
// it shows the newest screen, so screens faster than frames never bring an older coup back. A
// screen that ends no coup (the clock's each second, a card within a coup) is shown whole at
// once: one frame.
func (t *runningTable) present(v view.Screen) {
	if t.openBus { // in words of the catalogue, like the machine's warnings (issue 23)
		words := make([]i18n.Message, len(v.Status.Errors), len(v.Status.Errors)+1)
		copy(words, v.Status.ErrorWords)
		v.Status.ErrorWords = append(words, openBusWarning)
		v.Status.Errors = append(slices.Clip(v.Status.Errors), i18n.Catalogue{}.Say(openBusWarning))
	}
	if t.cond != nil {
		v.Status.Warnings, v.Status.WarningWords = t.cond.board.Status()
	}
	if t.trace != nil {
		if err := t.trace.Encode(v); err != nil {
			t.log.Error("trace: " + err.Error())
		}
	}
	var stamp *stageStamp // the --stages diagnostic's, when this screen shows an input
	sl := t.stages.Load()
	if sl != nil {
		stamp = sl.presented(time.Now())
	}
	s := t.screen.Load()
	if s == nil {
		if stamp != nil {
			sl.write(stamp)
		}
		return
	}
	if c := t.idle.Load(); c != nil {
		c.presented()
	}
	fyne.Do(func() {
		if stamp != nil {
			stamp.apply = time.Now()
		}
		rest := s.ApplyCoup(v)
		if stamp != nil {
			stamp.applied = time.Now()
			// queued before ApplyRest, so that it runs first after the card's frame
			fyne.Do(func() {
				fyne.Do(func() {
					stamp.frame, stamp.gc1 = time.Now(), gcCycles()
					sl.write(stamp)
				})
			})
		}
		if rest {
			fyne.Do(func() { fyne.Do(s.ApplyRest) })
		}
	})
}

// attach makes present hand the loop's screens to scr from now on (any goroutine).
func (t *runningTable) attach(scr *display.TableScreen) { t.screen.Store(scr) }

// openBusWarning is the status strip's entry while the table publishes on an open bus.
var openBusWarning = i18n.Message{Key: i18n.WarnOpenBus}

// runHeadless waits for SIGINT or SIGTERM (on sig), then stops cleanly.
func (t *runningTable) runHeadless(sig <-chan os.Signal) error {
	select {
	case <-sig:
	case err := <-t.done:
		return err
	}
	return nil
}

// runWindow shows the table screen until the window is closed (or, in kiosk mode, until a
// supervisor leaves kiosk mode).
func (t *runningTable) runWindow(cfg *config.Config, size string, demo bool, sig <-chan os.Signal) error {
	th, err := loadTheme(cfg.Display.Theme)
	if err != nil {
		return err
	}
	lang, err := i18n.ParseLang(cfg.Display.Language)
	if err != nil {
		return fmt.Errorf("display.language: %w", err)
	}
	words, err := i18n.New(lang)
	if err != nil {
		return err
	}
	windowGC(os.Getenv("GOGC"))
	if !t.build.FynePatched {
		t.log.Warn("built without the patched Fyne (third_party/fyne; build in the repository with GOWORK unset): the window wakes 60 times a second even when idle")
	}
	a := fyneapp.NewWithID("com.coupboard.tabledisplay")
	display.UseTheme(a, th)
	w := a.NewWindow("coupboard — " + cfg.Table.Name)
	scr := display.NewTableScreen(display.Style{Theme: th, Words: words})
	guard, err := t.guardFor(cfg, demo) // directory.go: with the pit's operator directory
	if err != nil {
		return err
	}
	var front fyne.CanvasObject = scr
	if cfg.Display.Kiosk {
		front = newHiddenCursor(scr)
		w.SetFullScreen(true)
		w.SetPadded(false)
		// The window closes only through the operator screen's supervisor exit.
		w.SetCloseIntercept(func() {})
	} else {
		var wd, ht float32 = 1280, 720
		fmt.Sscanf(strings.ReplaceAll(size, "x", " "), "%g %g", &wd, &ht)
		// display.orientation chooses the window's shape; the screen lays itself out by its shape
		// (in kiosk mode the monitor's: rotate a portrait monitor with xrandr --rotate).
		if cfg.Display.Orientation == "portrait" && wd > ht || cfg.Display.Orientation == "landscape" && ht > wd {
			wd, ht = ht, wd
		}
		w.Resize(fyne.NewSize(wd, ht))
	}
	content, leave, err := t.withOperator(w, front, guard, cfg.Display.Kiosk, lang, a.Quit)
	if err != nil {
		return err
	}
	w.SetContent(content)
	// Quit closes the window first, which signs out (on the Fyne goroutine, while the event loop
	// runs) an operator still signed in, with the reason: "shutdown" after a stop signal (SIGINT,
	// SIGTERM, a drain). The event loop runs until close, after the window has gone.
	var stopping atomic.Bool
	w.SetOnClosed(func() {
		if stopping.Load() {
			leave("shutdown")
		} else {
			leave("window closed")
		}
	})
	t.attach(scr)
	idle := newIdleCollector()
	idleCtx, stopIdle := context.WithCancel(t.ctx)
	defer stopIdle()
	go idle.run(idleCtx)
	t.idle.Store(idle)
	ended := make(chan struct{})
	go func() {
		select {
		case <-sig:
		case <-ended: // the window was closed: nothing to quit
			return
		}
		stopping.Store(true)
		fyne.Do(a.Quit)
	}()
	w.ShowAndRun()
	close(ended)
	// The event loop has ended and no Fyne callback runs any more (leave stops the operator
	// screen's timer first). Whatever ended it without closing the window signed nobody out:
	// do it here, on this goroutine. Never in a function queued for the loop beside the Quit:
	// the loop drops what is still queued when it shuts down, and Fyne's own SIGTERM handler
	// (removed by third_party/fyne patch 3) could quit first; the sign-out was lost (issue 21).
	leave("shutdown")
	return nil
}

// windowGCPercent is the Go collector's target for the windowed table (GOGC; Go's default is 100):
// the heap may grow to 1.5 times what is live rather than twice. The window's live heap is 12-17 MB
// (fonts, and the canvas objects, text measures and renderers Fyne caches for a minute), so this
// holds its resident set ~10 MiB lower for a collector that runs twice as often: 3.7% of a core
// instead of 1.9% at 1,000 times a table's pace, nothing measurable at a table's own and nothing
// when idle (docs/performance.md, §5).
const windowGCPercent = 50

// windowGC sets the collector's target for the window unless the GOGC environment variable
// (gogc) already chose one.
func windowGC(gogc string) {
	if gogc == "" {
		debug.SetGCPercent(windowGCPercent)
	}
}

// close stops the loop (which journals a clean stop), the shoe and the journal.
func (t *runningTable) close() {
	// The shoe first: what it sends from now on waits in the port for the next start, which
	// takes up the sequence after the last frame the loop took (journalled with its clean stop).
	if t.link != nil {
		t.link.close()
	}
	t.cancel()
	if t.loop != nil {
		select {
		case err := <-t.done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.log.Error(err.Error())
			}
		case <-time.After(5 * time.Second):
		}
	}
	if t.link != nil {
		t.link.waitClosed(3 * time.Second) // closing a serial port can take seconds: bounded
	}
	if t.sim != nil {
		t.sim.Close()
	}
	if err := t.j.Close(); err != nil {
		t.log.Error("close journal: " + err.Error())
	}
}

// loadTheme is a built-in theme by name, or a theme file by path.
func loadTheme(name string) (themes.Theme, error) {
	if th, err := themes.Builtin(name); err == nil {
		return th, nil
	}
	th, err := themefile.Load(name)
	if err != nil {
		return themes.Theme{}, fmt.Errorf("display.theme %q: not a built-in theme (%s) nor a theme file: %w", name, strings.Join(themes.BuiltinIDs(), ", "), err)
	}
	return th, nil
}

// hiddenCursor wraps the screen so that the mouse cursor is never drawn over it (kiosk mode).
type hiddenCursor struct {
	widget.BaseWidget
	content fyne.CanvasObject
}

func newHiddenCursor(c fyne.CanvasObject) *hiddenCursor {
	h := &hiddenCursor{content: c}
	h.ExtendBaseWidget(h)
	return h
}

// Cursor hides the pointer over the whole screen.
func (h *hiddenCursor) Cursor() desktop.Cursor { return desktop.HiddenCursor }

// CreateRenderer draws the wrapped screen.
func (h *hiddenCursor) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(h.content)
}
