package main

import (
	"context"
	"fmt"
	"io"

	"github.com/nats-io/nats.go"

	"github.com/coupboard/coupboard/app/bus"
)

// BackupsConfig is [backups]: the size of each table's bucket of journal backups, which the
// pit server makes for every table of [[server.tables]] (tables copy their daily backup there
// with backup.pit = true).
type BackupsConfig struct {
	// MaxMiB is each table's bucket's size in MiB (default 1024). A full bucket refuses the
	// next copy, and the table says so on its status strip.
	MaxMiB int `toml:"max_mib"`
}

// maxBackupMiB bounds [backups] max_mib: 1 TiB a table.
const maxBackupMiB = 1 << 20

func (c BackupsConfig) check() error {
	if c.MaxMiB < 0 || c.MaxMiB > maxBackupMiB {
		return fmt.Errorf("backups.max_mib %d: want 1 to %d MiB (0: the default, %d)", c.MaxMiB, maxBackupMiB, bus.DefaultBackupMaxBytes>>20)
	}
	return nil
}

func (c BackupsConfig) maxBytes() int64 {
	if c.MaxMiB == 0 {
		return bus.DefaultBackupMaxBytes
	}
	return int64(c.MaxMiB) << 20
}

// ensureBackups makes (or resizes) the backup bucket of every table with credentials, as the
// pit's administrator, and says so. An open bus knows no tables: it has none.
func ensureBackups(ctx context.Context, admin *nats.Conn, srv *bus.Server, cfg bus.ServerConfig, bc BackupsConfig, stdout io.Writer) error {
	var ids []string
	for _, c := range cfg.Tables {
		ids = append(ids, c.Table)
	}
	if len(ids) == 0 {
		fmt.Fprintf(stdout, "pit server %s: no [[server.tables]]: no backup buckets (tables cannot copy their backups here)\n", srv.Name())
		return nil
	}
	if err := bus.EnsureBackupBuckets(ctx, admin, ids, srv.Replicas(), bc.maxBytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "pit server %s: backup buckets for %d tables, %d MiB each\n", srv.Name(), len(ids), bc.maxBytes()>>20)
	return nil
}
