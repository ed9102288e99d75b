package journal

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestPruneDeletesWholeOldShoesAndVerifyStillPasses(t *testing.T) {
	j, path := openTemp(t, Options{PruneBatch: 7})
	all := fillShoes(t, j, 5, 10) // shoe s on day s: records 20(s-1)+1 .. 20s
	now := base.AddDate(0, 0, 5)
	// Shoes 1 and 2 are entirely before day 3; shoe 3 starts on day 3.
	res, err := j.Prune(context.Background(), base.AddDate(0, 0, 2).Truncate(24*time.Hour), now)
	if err != nil {
		t.Fatal(err)
	}
	if res.ThroughSeq != 40 || res.Deleted != 40 || res.Checkpoint != 101 {
		t.Errorf("Prune = %+v, want through 40, 40 deleted, checkpoint 101", res)
	}
	for shoe, want := range map[int64]int{1: 0, 2: 0, 3: 10, 5: 10} {
		if r, err := j.Rounds(shoe); err != nil || len(r) != want {
			t.Errorf("Rounds(%d) after prune = %d records, %v; want %d", shoe, len(r), err, want)
		}
	}
	v, err := j.Verify()
	if err != nil || !v.OK() || v.Records != 61 || v.FirstSeq != 41 || v.PrunedThrough != 40 {
		t.Fatalf("Verify after prune = %+v (bad %v), %v", v, v.Bad, err)
	}
	cp := scanAll(t, j)[60]
	if cp.Kind != KindPrune || cp.Shoe != 5 || !cp.Time.Equal(now) {
		t.Errorf("checkpoint record = %+v", cp)
	}
	c, err := DecodeCheckpoint(cp.Payload)
	if err != nil || c.ThroughSeq != 40 || c.ThroughHash != all[39].Hash {
		t.Errorf("checkpoint = %+v, %v", c, err)
	}
	// Nothing more is old enough: a second prune changes nothing and writes no checkpoint.
	again, err := j.Prune(context.Background(), base.AddDate(0, 0, 2).Truncate(24*time.Hour), now)
	if err != nil || again.Deleted != 0 || again.Checkpoint != 0 {
		t.Errorf("second Prune = %+v, %v", again, err)
	}
	// The head shoe is never pruned, however old.
	mustAppend(t, j, input(1000, 6, now))
	res, err = j.Prune(context.Background(), now.AddDate(1, 0, 0), now)
	if err != nil || res.ThroughSeq != 101 {
		t.Errorf("Prune of everything = %+v, %v; want through 101 (the end of shoe 5)", res, err)
	}
	if v, err := j.Verify(); err != nil || !v.OK() || v.FirstSeq != 102 || v.Records != 2 {
		t.Errorf("Verify = %+v (bad %v), %v", v, v.Bad, err)
	}
	j.Close()
	j2, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if s := j2.Startup(); s.Damaged() || s.FirstSeq != 102 || s.HeadSeq != 103 {
		t.Errorf("Startup after prune = %+v", s)
	}
}

func TestPruneStoppedHalfwayLeavesAValidChainAndResumes(t *testing.T) {
	j, _ := openTemp(t, Options{PruneBatch: 3})
	fillShoes(t, j, 3, 10)
	cut := base.AddDate(0, 0, 2).Truncate(24 * time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := j.Prune(ctx, cut, base.AddDate(0, 0, 3)); !errors.Is(err, context.Canceled) || res.Deleted != 0 {
		t.Fatalf("cancelled Prune = %+v, %v", res, err)
	}
	// A prune interrupted after its checkpoint and one batch (a crash, or ctx cancelled).
	through, part, err := j.beginPrune(context.Background(), cut, base.AddDate(0, 0, 3))
	if err != nil || through != 40 || part.Checkpoint != 61 {
		t.Fatalf("beginPrune = %d %+v %v", through, part, err)
	}
	if done, err := j.pruneBatch(context.Background(), through, 3, &part); err != nil || done || part.ThroughSeq != 3 {
		t.Fatalf("pruneBatch = %v %+v %v", done, part, err)
	}
	if v, err := j.Verify(); err != nil || !v.OK() || v.FirstSeq != 4 {
		t.Fatalf("Verify halfway = %+v (bad %v), %v", v, v.Bad, err)
	}
	res, err := j.Prune(context.Background(), cut, base.AddDate(0, 0, 3))
	if err != nil || res.ThroughSeq != 40 || res.Deleted != 37 || res.Checkpoint != 62 {
		t.Fatalf("resumed Prune = %+v, %v", res, err)
	}
	if v, err := j.Verify(); err != nil || !v.OK() || v.FirstSeq != 41 || v.PrunedThrough != 40 || v.Records != 22 {
		t.Errorf("Verify after resume = %+v (bad %v), %v", v, v.Bad, err)
	}
}

func TestPruneKeepsUnpublishedRecords(t *testing.T) {
	j, _ := openTemp(t, Options{KeepUnpublished: true})
	fillShoes(t, j, 4, 5) // 10 records a shoe
	if err := j.SetPublished(25); err != nil {
		t.Fatal(err)
	}
	res, err := j.Prune(context.Background(), base.AddDate(0, 0, 10), base.AddDate(0, 0, 10))
	if err != nil || res.ThroughSeq != 20 {
		t.Errorf("Prune = %+v, %v; want through 20 (shoe 3 is only half acknowledged)", res, err)
	}
}

func TestPruneRunsBesideAppends(t *testing.T) {
	j, _ := openTemp(t, Options{PruneBatch: 5})
	fillShoes(t, j, 4, 20)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ticks := make(chan time.Time)
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		results []PruneResult
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		j.Retain(ctx, 48*time.Hour, ticks, func(r PruneResult, err error) {
			if err != nil {
				t.Errorf("prune: %v", err)
			}
			mu.Lock()
			results = append(results, r)
			mu.Unlock()
		})
	}()
	now := base.AddDate(0, 0, 4)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 200; i++ {
			if _, err := j.AppendBatch(input(i, 5, now)); err != nil {
				t.Errorf("append during prune: %v", err)
				return
			}
		}
	}()
	ticks <- now
	<-done
	close(ticks)
	wg.Wait()
	if len(results) != 1 || results[0].ThroughSeq != 80 {
		t.Errorf("Retain results = %+v, want one prune through 80 (shoes 1-2 are older than 2 days, 3 is not)", results)
	}
	if v, err := j.Verify(); err != nil || !v.OK() || v.Records != 160+200+1-80 {
		t.Errorf("Verify = %+v (bad %v), %v", v, v.Bad, err)
	}
}
