package console

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"sync"
	"time"
)

// session is one person signed in at one browser.
type session struct {
	token  string // the cookie's value
	csrf   string // the token every form of the session carries
	person Person
	start  time.Time
	used   time.Time
	lang   string
	flash  string // a message for the next page, already in words
}

// sessions are the sessions alive, by token.
type sessions struct {
	idle, max time.Duration
	now       func() time.Time

	mu sync.Mutex
	m  map[string]*session
}

// maxSessions bounds the sessions kept; the oldest is ended first.
const maxSessions = 1000

// MaxSessionLength is the longest a session lasts, however much it is used.
const MaxSessionLength = 12 * time.Hour

func newSessions(idle time.Duration, now func() time.Time) *sessions {
	return &sessions{idle: idle, max: MaxSessionLength, now: now, m: map[string]*session{}}
}

// token is 32 random bytes, URL-safe base64.
func token() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// start begins a session for p.
func (s *sessions) start(p Person, lang string) *session {
	now := s.now()
	ss := &session{token: token(), csrf: token(), person: p, start: now, used: now, lang: lang}
	s.mu.Lock()
	defer s.mu.Unlock()
	for t, o := range s.m {
		if s.expired(o, now) {
			delete(s.m, t)
		}
	}
	if len(s.m) >= maxSessions {
		var oldest *session
		for _, o := range s.m {
			if oldest == nil || o.start.Before(oldest.start) {
				oldest = o
			}
		}
		delete(s.m, oldest.token)
	}
	s.m[ss.token] = ss
	return ss
}

func (s *sessions) expired(ss *session, now time.Time) bool {
	return now.Sub(ss.used) > s.idle || now.Sub(ss.start) > s.max
}

// get is the live session of token, marked used now; false when there is none or it expired
// (an expired session is ended).
func (s *sessions) get(tok string) (*session, bool) {
	if tok == "" {
		return nil, false
	}
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.m[tok]
	if !ok {
		return nil, false
	}
	if s.expired(ss, now) {
		delete(s.m, tok)
		return nil, false
	}
	ss.used = now
	return ss, true
}

// alive reports whether the session of token is live, without marking it used: the live
// stream of an open page must not keep a session from going idle.
func (s *sessions) alive(tok string) bool {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.m[tok]
	return ok && !s.expired(ss, now)
}

// update runs fn on the session under the lock.
func (s *sessions) update(ss *session, fn func(*session)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(ss)
}

// end ends the session of token.
func (s *sessions) end(tok string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, tok)
}

// sameToken compares two tokens in constant time; an empty token never matches.
func sameToken(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// endPerson ends every session of the person id (deactivated on the People page).
func (s *sessions) endPerson(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for t, ss := range s.m {
		if ss.person.ID == id {
			delete(s.m, t)
			n++
		}
	}
	return n
}
