// Package testclock is the movable clock of the tests: a time source a test sets and moves by
// hand while a table loop (or anything else) reads it from its own goroutine.
package testclock

import (
	"sync"
	"time"
)

// Clock is a time source the test moves; it is safe to read and move from several goroutines.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New is a clock standing at t.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time (pass the method value as a loop's Options.Clock).
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock by d (back when d is negative).
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}
