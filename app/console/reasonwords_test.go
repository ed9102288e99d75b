package console

import (
	"context"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
)

// TestRefusalInTheConsolesLanguage: a table's refusal comes from its engine in English; the
// console's page words it in the language of whoever reads it (display/i18n Catalogue.Reason).
func TestRefusalInTheConsolesLanguage(t *testing.T) {
	clk := newClock()
	live := NewLive(pitmodel.Config{}, clk.Now)
	f := &feed{t: t, live: live, seq: map[string]uint64{}}
	f.table("RD-1", "Red Dog 1", "Red Dog", pitwire.Status{State: pitwire.StateOpen},
		pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "bet", Min: 1000, Max: 100000}}})
	r, err := NewRehearsal(live, Config{Tables: map[string]TableConfig{"RD-1": {Profile: "vic-red-dog-1997"}}}, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	ana := Person{ID: "101", Name: "Ana Lee", Role: RoleSupervisor}
	line := "!differential at=09:40 max=100"
	id, err := r.Post(context.Background(), []string{"RD-1"}, line, ana)
	if err != nil {
		t.Fatal(err)
	}
	c := &Console{opt: Options{Poster: r}, loc: time.UTC, now: clk.Now,
		activity: []*activity{{ID: id, Line: line, Tables: []string{"RD-1"}, By: ana, At: clk.Now()}}}
	for lang, want := range map[i18n.Lang]string{
		i18n.English:            "Red Dog has no table differential",
		i18n.SimplifiedChinese:  "红狗没有台面差额",
		i18n.TraditionalChinese: "紅狗沒有檯面差額",
	} {
		w, err := i18n.New(lang)
		if err != nil {
			t.Fatal(err)
		}
		rows := c.activityRows(context.Background(), w, true)
		if len(rows) != 1 || len(rows[0].Answers) != 1 || rows[0].Answers[0].Reason != want {
			t.Errorf("%s: the refusal reads %+v, want %q", lang, rows, want)
		}
	}
}
