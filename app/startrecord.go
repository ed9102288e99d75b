package app

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/internal/buildinfo"
)

// KindStart is the journal kind of the record a table writes each time it starts: which build
// of coupboard ran from then on (payload: StartRecord). Replay, export and the pit publisher
// skip it; audit verify checks it like every record.
const KindStart = "app.start"

// StartRecord is the payload of a KindStart record.
type StartRecord struct {
	Version     string `json:"version"`
	Commit      string `json:"commit"`
	Built       string `json:"built"`
	Go          string `json:"go"`
	Fyne        string `json:"fyne"`
	FynePatched bool   `json:"fyne_patched"`
}

// journalStart appends the start record of build to j, in the shoe of the record before it (a
// record of another shoe would look like a shoe boundary to retention's pruning).
func journalStart(j *journal.Journal, build buildinfo.Info, now time.Time) error {
	var shoe int64
	if head, _ := j.Head(); head > 0 {
		if err := j.Scan(head, func(r journal.Record) error { shoe = r.Shoe; return nil }); err != nil {
			return fmt.Errorf("journal start record: %w", err)
		}
	}
	p, err := json.Marshal(StartRecord{
		Version: build.Version, Commit: build.Commit, Built: build.Date, Go: build.Go,
		Fyne: build.Fyne, FynePatched: build.FynePatched,
	})
	if err != nil {
		return fmt.Errorf("journal start record: %w", err)
	}
	if _, err := j.AppendBatch(journal.Record{Time: now, Kind: KindStart, Source: journal.SourceJournal, Shoe: shoe, Payload: p}); err != nil {
		return fmt.Errorf("journal start record: %w", err)
	}
	return nil
}
