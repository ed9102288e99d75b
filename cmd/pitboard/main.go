// Command pitboard is the pit board: one large screen showing every table of the pit, read
// from the pit bus (NATS JetStream). By default it runs the bus itself (an embedded NATS
// server with JetStream on local disk) and the tables point at it; for a large floor it
// reads an existing NATS cluster instead. `pitboard --demo` adds simulated tables so that a
// new user sees a full board with one command.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitboard"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/internal/buildinfo"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/ebitentheme"
	"github.com/hajimehoshi/ebiten/v2"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "pitboard:", err)
		os.Exit(1)
	}
}

// FileConfig is the pitboard configuration file (TOML).
type FileConfig struct {
	// Server configures the embedded server; ignored when Bus.URLs is set.
	Server bus.ServerConfig `toml:"server"`
	// Bus is an existing NATS cluster to read instead of running the embedded server.
	Bus   bus.ConnConfig `toml:"bus"`
	Board BoardConfig    `toml:"board"`
}

// BoardConfig is the look and behaviour of the board.
type BoardConfig struct {
	Title          string `toml:"title"`
	Theme          string `toml:"theme"`           // classic, night or contrast; default night
	Language       string `toml:"language"`        // en, zh-Hans or zh-Hant, as the tables' display.language; default en
	PageSeconds    int    `toml:"page_seconds"`    // default 12
	StaleSeconds   int    `toml:"stale_seconds"`   // default 6
	OfflineSeconds int    `toml:"offline_seconds"` // default 30
	HotStreak      int    `toml:"hot_streak"`      // default 5
	// Tables, when set, are the only tables the board shows (a board per pit on a casino's
	// bus); empty: every table on the bus.
	Tables []string `toml:"tables"`
}

// options are the command line.
type options struct {
	config     string
	demo       bool
	tables     int
	interval   time.Duration
	listen     string
	store      string
	urls       string
	theme      string
	lang       string
	fullscreen bool
	width      int
	height     int
	exitAfter  time.Duration
	frameStats bool
	redraw     bool
	cpuProfile string
	memProfile string
	refresh    time.Duration
	admin      bool
	minTile    string
	openBus    bool
	version    bool
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("pitboard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.config, "config", "", "configuration file (TOML): embedded server and credentials, cluster URLs, board settings")
	fs.BoolVar(&o.demo, "demo", false, "start simulated tables on the embedded server")
	fs.IntVar(&o.tables, "tables", 24, "with --demo: number of simulated tables")
	fs.DurationVar(&o.interval, "interval", 4*time.Second, "with --demo: average time between coups at each table")
	fs.StringVar(&o.listen, "listen", "", "embedded server address host:port (default 127.0.0.1:4222; :-1 picks a free port)")
	fs.StringVar(&o.store, "store", "", "embedded server's JetStream directory (default: the user cache directory)")
	fs.StringVar(&o.urls, "nats", "", "read an existing NATS cluster at these URLs (comma-separated) instead of running the embedded server")
	fs.BoolVar(&o.admin, "admin", false, "with a NATS cluster: also create the TABLES stream and purge finished shoes (needs credentials that may)")
	fs.StringVar(&o.theme, "theme", "", "theme: "+strings.Join(themes.BuiltinIDs(), ", ")+" (default night)")
	fs.StringVar(&o.lang, "lang", "", "language: en, zh-Hans or zh-Hant (default: board.language, else en)")
	fs.BoolVar(&o.fullscreen, "fullscreen", false, "full screen")
	fs.IntVar(&o.width, "width", 1920, "window width")
	fs.IntVar(&o.height, "height", 1080, "window height")
	fs.DurationVar(&o.exitAfter, "exit-after", 0, "quit after this long (screenshots, measurements)")
	fs.BoolVar(&o.frameStats, "frame-stats", false, "print frame time statistics to stderr on exit (with --redraw-always: turns vsync off)")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile to this file on exit")
	fs.BoolVar(&o.redraw, "redraw-always", false, "draw the whole board 60 times a second, even when nothing changed (for measuring)")
	fs.StringVar(&o.minTile, "min-tile", "300x190", "smallest tile WxH before the board pages")
	fs.BoolVar(&o.openBus, "open-bus", false, "run the embedded server, or read a cluster, with no credentials on purpose: anyone who reaches the bus may publish for any table (--demo implies it)")
	fs.BoolVar(&o.version, "version", false, "print the version, commit, build date, Go and Ebiten versions, and exit")
	fs.DurationVar(&o.refresh, "refresh", time.Second, "how often the board shows what changed (a result reaches the screen at most this much later)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.demo && (o.tables < 1 || o.tables > 1000) {
		return o, fmt.Errorf("--tables %d: want 1 to 1000", o.tables)
	}
	if o.demo && o.urls != "" {
		return o, fmt.Errorf("--demo runs its own server: it cannot be combined with --nats")
	}
	if o.admin && o.demo {
		return o, fmt.Errorf("--admin is for a NATS cluster: the embedded server administers its own stream")
	}
	if o.interval <= 0 {
		return o, fmt.Errorf("--interval %v: want a positive duration", o.interval)
	}
	if o.refresh < 50*time.Millisecond || o.refresh > 10*time.Second {
		return o, fmt.Errorf("--refresh %v: want 50ms to 10s", o.refresh)
	}
	return o, nil
}

func loadConfig(path string) (FileConfig, error) {
	var fc FileConfig
	if path == "" {
		return fc, nil
	}
	md, err := toml.DecodeFile(path, &fc)
	if err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return fc, fmt.Errorf("read config %s: unknown key %s", path, und[0])
	}
	if err := fc.Board.validate(); err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if fc.Server.Cluster.Name != "" || len(fc.Server.Cluster.Routes) > 0 || fc.Server.Replicas > 1 {
		return fc, fmt.Errorf("read config %s: server.cluster, server.replicas: the board's embedded server is a single node; "+
			"run the cluster's nodes with pitserver (deploy/pitserver-casino-*.toml) and give the board their URLs in [bus] urls", path)
	}
	for _, id := range fc.Board.Tables {
		if !pitwire.ValidTableID(id) {
			return fc, fmt.Errorf("read config %s: board.tables: bad table id %q", path, id)
		}
	}
	return fc, nil
}

// maxBoardSeconds bounds the board's time keys: a day is far past any useful value, and
// keeps every one a valid time.Duration.
const maxBoardSeconds = 86400

// maxHotStreak bounds board.hot_streak: no shoe has more coups.
const maxHotStreak = 100

// validate refuses a board key out of range, naming it (0 means the default).
func (c BoardConfig) validate() error {
	for _, k := range []struct {
		key    string
		v, max int
		unit   string
	}{
		{"board.page_seconds", c.PageSeconds, maxBoardSeconds, "seconds"},
		{"board.stale_seconds", c.StaleSeconds, maxBoardSeconds, "seconds"},
		{"board.offline_seconds", c.OfflineSeconds, maxBoardSeconds, "seconds"},
		{"board.hot_streak", c.HotStreak, maxHotStreak, "coups"},
	} {
		if k.v < 0 || k.v > k.max {
			return fmt.Errorf("%s %d: want 0 (the default) to %d %s", k.key, k.v, k.max, k.unit)
		}
	}
	if c.Language != "" {
		if _, err := i18n.ParseLang(c.Language); err != nil {
			return fmt.Errorf("board.language: %w", err)
		}
	}
	return nil
}

// words is the board's catalogue: --lang, else board.language, else English.
func words(o options, fc FileConfig) (i18n.Catalogue, error) {
	tag, what := fc.Board.Language, "board.language"
	if o.lang != "" {
		tag, what = o.lang, "--lang"
	}
	if tag == "" {
		return i18n.Catalogue{}, nil
	}
	lang, err := i18n.ParseLang(tag)
	if err != nil {
		return i18n.Catalogue{}, fmt.Errorf("%s: %w", what, err)
	}
	return i18n.New(lang)
}

// session is everything the board runs besides its window.
type session struct {
	srv    *bus.Server
	keeper *bus.Keeper
	admin  interface{ Close() }
	sub    *bus.Subscriber
	demo   *demo
	errs   chan error
	tmp    string // the demo's JetStream directory, removed on close
	// open is set when the bus has no credentials (asked for with --demo, --open-bus or an
	// open key): the board says so on screen and on stderr.
	open bool
}

func (s *session) close() {
	if s.demo != nil {
		s.demo.stop()
	}
	if s.sub != nil {
		s.sub.Close()
	}
	if s.keeper != nil {
		s.keeper.Stop()
	}
	if s.admin != nil {
		s.admin.Close()
	}
	if s.srv != nil {
		s.srv.Shutdown()
	}
	if s.tmp != "" {
		os.RemoveAll(s.tmp)
	}
}

func (s *session) report(err error) {
	select {
	case s.errs <- err:
	default:
	}
}

// start runs the bus side: the embedded server (unless a cluster is given), the keeper, the
// demo tables and the board's subscriber.
func start(o options, fc FileConfig) (*session, error) {
	s := &session{errs: make(chan error, 64)}
	conn := fc.Bus
	if o.urls != "" {
		conn.URLs = strings.Split(o.urls, ",")
	}
	if len(conn.URLs) == 0 {
		cfg := fc.Server
		if o.listen != "" {
			host, port, err := splitHostPort(o.listen)
			if err != nil {
				return nil, err
			}
			cfg.Host, cfg.Port = host, port
		}
		if o.store != "" {
			cfg.StoreDir = o.store
		}
		if cfg.StoreDir == "" && o.demo {
			// The demo's tables start their journals at 1 every time: a stream kept from
			// an earlier demo would drop their records as duplicates.
			dir, err := os.MkdirTemp("", "pitboard-demo-")
			if err != nil {
				return nil, fmt.Errorf("demo store: %w", err)
			}
			s.tmp, cfg.StoreDir = dir, dir
		}
		if cfg.StoreDir == "" {
			dir, err := os.UserCacheDir()
			if err != nil {
				return nil, fmt.Errorf("no --store and no user cache directory: %w", err)
			}
			cfg.StoreDir = filepath.Join(dir, "coupboard", "pitboard-jetstream")
		}
		if o.openBus || o.demo && len(cfg.Tables)+len(cfg.Boards) == 0 {
			cfg.Open = true
		}
		srv, err := bus.StartServer(cfg)
		if errors.Is(err, bus.ErrNoCredentials) {
			err = fmt.Errorf("%w, or --open-bus on the command line", err)
		}
		if err != nil {
			s.close()
			return nil, err
		}
		s.srv, s.open = srv, srv.Open()
		admin, err := srv.AdminConn()
		if err != nil {
			s.close()
			return nil, err
		}
		s.admin = admin
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		s.keeper, err = bus.StartKeeper(ctx, admin)
		if err == nil { // the pit's operator directory (pitserver directory manages it)
			_, err = bus.EnsureDirectoryBucket(ctx, admin, srv.Replicas())
		}
		cancel()
		if err != nil {
			s.close()
			return nil, err
		}
		conn = srv.BoardConn()
		if o.demo {
			s.demo, err = startDemo(srv.URL(), o.tables, o.interval, s.report)
			if err != nil {
				s.close()
				return nil, err
			}
		}
	}
	if s.srv == nil {
		switch {
		case conn.HasCredentials() && (conn.Open || o.openBus):
			return nil, fmt.Errorf("[bus]: an open bus was asked for ([bus] open = true or --open-bus), but credentials are set: choose one")
		case !conn.HasCredentials() && !conn.Open && !o.openBus:
			return nil, fmt.Errorf("[bus]: no credentials (user and password, or nkey_seed_file): the board would read a bus where anyone may publish for any table; " +
				"set the board's credentials, or read an open bus on purpose with [bus] open = true or --open-bus")
		}
		s.open = !conn.HasCredentials()
	}
	if s.srv == nil && o.admin {
		nc, err := bus.Connect(conn)
		if err != nil {
			return nil, err
		}
		s.admin = nc
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		s.keeper, err = bus.StartKeeper(ctx, nc)
		cancel()
		if err != nil {
			s.close()
			return nil, err
		}
	}
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, OnError: s.report, Tables: fc.Board.Tables})
	if err != nil {
		s.close()
		return nil, err
	}
	s.sub = sub
	return s, nil
}

// openWarning is what the board says, on screen and on stderr, when the bus has no credentials.
const openWarning = "OPEN BUS: no credentials — anyone who reaches the bus may publish rounds for any table"

func splitHostPort(hp string) (string, int, error) {
	i := strings.LastIndex(hp, ":")
	if i < 0 {
		return "", 0, fmt.Errorf("--listen %q: want host:port", hp)
	}
	var port int
	if _, err := fmt.Sscanf(hp[i+1:], "%d", &port); err != nil || port < -1 || port > 65535 {
		return "", 0, fmt.Errorf("--listen %q: bad port", hp)
	}
	return hp[:i], port, nil
}

// game wraps the board to quit after --exit-after.
type game struct {
	*pitboard.Board
	until time.Time
}

func (g *game) Update() error {
	if !g.until.IsZero() && time.Now().After(g.until) {
		return ebiten.Termination
	}
	return g.Board.Update()
}

func run(args []string, stdout, stderr io.Writer) error {
	o, err := parse(args, stderr)
	if err != nil {
		return err
	}
	if o.version {
		fmt.Fprint(stdout, buildinfo.Read("pitboard"))
		return nil
	}
	fc, err := loadConfig(o.config)
	if err != nil {
		return err
	}
	themeID := fc.Board.Theme
	if o.theme != "" {
		themeID = o.theme
	}
	if themeID == "" {
		themeID = themes.NightID
	}
	base, err := themes.Builtin(themeID)
	if err != nil {
		return err
	}
	th, err := ebitentheme.New(base)
	if err != nil {
		return err
	}
	lang, err := words(o, fc)
	if err != nil {
		return err
	}
	var minW, minH int
	if _, err := fmt.Sscanf(o.minTile, "%dx%d", &minW, &minH); err != nil || minW < 50 || minH < 40 {
		return fmt.Errorf("--min-tile %q: want WxH, at least 50x40", o.minTile)
	}

	s, err := start(o, fc)
	if err != nil {
		return err
	}
	defer s.close()
	go func() {
		for err := range s.errs {
			fmt.Fprintln(stderr, "pitboard:", err)
		}
	}()
	if s.srv != nil {
		fmt.Fprintf(stdout, "pit bus (embedded NATS with JetStream) at %s\n", s.srv.URL())
	}
	var warning string
	if s.open {
		warning = openWarning
		fmt.Fprintf(stderr, "pitboard: WARNING: %s\n", openWarning)
	}

	sec := func(n int) time.Duration { return time.Duration(n) * time.Second }
	model := pitmodel.New(pitmodel.Config{
		StaleAfter: sec(fc.Board.StaleSeconds), OfflineAfter: sec(fc.Board.OfflineSeconds), HotStreak: fc.Board.HotStreak,
	})
	board := pitboard.New(model, s.sub.C(), th, pitboard.Options{
		Title: fc.Board.Title, PageEvery: sec(fc.Board.PageSeconds), MinTileW: minW, MinTileH: minH,
		RedrawAlways: o.redraw, Warning: warning, Words: lang,
		Bus: func() pitmodel.Bus { return boardBus(s.sub.Nodes()) }, BusChanged: s.sub.NodesChanged(),
	})
	ebiten.SetScreenClearedEveryFrame(o.redraw)
	g := &game{Board: board}
	if o.exitAfter > 0 {
		g.until = time.Now().Add(o.exitAfter)
	}
	if !o.redraw {
		// Frames only when there is something to show, at most one per --refresh (see wake):
		// under a software renderer every presented frame costs a copy of the whole window
		// (in the process and in the X server), and a board that changes a few times a
		// second has no use for 60 of them.
		//lint:ignore SA1019 the replacement (SetScreenClearedEveryFrame alone) still runs 60 frames a second
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
		stop := make(chan struct{})
		defer close(stop)
		//lint:ignore SA1019 goes with FPSModeVsyncOffMinimum
		go wake(s.sub.C(), o.refresh, time.Now, ebiten.ScheduleFrame, stop, g.until)
	}
	ebiten.SetWindowTitle("coupboard — pit board")
	ebiten.SetWindowSize(o.width, o.height)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetFullscreen(o.fullscreen)
	if o.frameStats && o.redraw {
		// Measure what the board costs, not the display's refresh rate.
		ebiten.SetVsyncEnabled(false)
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	err = ebiten.RunGame(g)
	if o.memProfile != "" {
		if perr := writeHeapProfile(o.memProfile); perr != nil && err == nil {
			err = perr
		}
	}
	if o.frameStats {
		printFrameStats(stderr, board.Stats(), model)
	}
	return err
}

// writeHeapProfile writes the heap profile, after a collection, to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("heap profile: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	return nil
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func printFrameStats(w io.Writer, st pitboard.Stats, model *pitmodel.Board) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
	applied, dups, rejected := model.Counters()
	fmt.Fprintf(w, "frames %d, tables %d, messages applied %d (duplicates %d, rejected %d), tile images redrawn %d\n",
		st.Frames, model.Len(), applied, dups, rejected, st.Redrawn)
	fmt.Fprintf(w, "draw (CPU)     p50 %s  p99 %s  max %s\n", ms(percentile(st.Draw, 0.5)), ms(percentile(st.Draw, 0.99)), ms(percentile(st.Draw, 1)))
	fmt.Fprintf(w, "frame interval p50 %s  p99 %s  max %s\n", ms(percentile(st.Interval, 0.5)), ms(percentile(st.Interval, 0.99)), ms(percentile(st.Interval, 1)))
}

// boardBus is what the board shows of the pit bus: its connection's node and the nodes down.
func boardBus(n bus.Nodes) pitmodel.Bus {
	return pitmodel.Bus{Watched: true, Connected: n.Connected, Node: n.Node, Down: n.Down}
}
