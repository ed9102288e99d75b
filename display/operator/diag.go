package operator

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/serialin"
)

// The Diagnostics tab: the shoe link's state, counters and frame log; reconnect, change port.

type diagTab struct {
	box      fyne.CanvasObject
	sc       *Screen
	status   *widget.Label
	frames   *widget.Label
	port     *widget.SelectEntry
	protocol *widget.Select
}

func newDiagTab(sc *Screen) diagTab {
	t := diagTab{sc: sc}
	d := sc.opt.Diagnostics
	t.status = widget.NewLabel("")
	t.status.Wrapping = fyne.TextWrapWord
	t.frames = widget.NewLabel("")
	t.frames.TextStyle.Monospace = true
	if d == nil {
		t.box = widget.NewLabel(sc.t(i18n.OpNoLink))
		return t
	}
	t.port = widget.NewSelectEntry(nil)
	t.port.SetPlaceHolder(sc.t(i18n.OpPort))
	t.protocol = widget.NewSelect(d.Protocols(), nil)
	reconnect := widget.NewButton(sc.t(i18n.OpReconnect), func() {
		if err := d.Reconnect(); err != nil {
			sc.c.Say(opwords.M(i18n.LogReconnectErr, linkErrWords(err)))
		} else {
			sc.c.Say(opwords.M(i18n.LogReconnecting))
		}
		sc.Update()
	})
	use := widget.NewButton(sc.t(i18n.OpUsePort), func() {
		if !(sc.role() == view.OperatorSupervisor) {
			sc.c.Say(opwords.M(i18n.LogNeeds, opwords.M(i18n.LogChangePort), opwords.M(i18n.OpSupervisor)))
		} else if err := d.Use(strings.TrimSpace(t.port.Text), t.protocol.Selected); err != nil {
			sc.c.Say(opwords.M(i18n.LogPortErr, opwords.M(i18n.LogChangePort), linkErrWords(err)))
		} else {
			sc.c.Say(opwords.M(i18n.LogShoePort, t.port.Text, t.protocol.Selected))
		}
		sc.Update()
	})
	scan := widget.NewButton(sc.t(i18n.OpFindPorts), func() { t.scan() })
	t.box = container.NewBorder(
		container.NewVBox(t.status, container.NewGridWithColumns(5, t.port, t.protocol, scan, reconnect, use)),
		nil, nil, nil, container.NewVScroll(t.frames))
	t.scan()
	return t
}

// linkErrWords is an error of the shoe link's for the log strip: a *serialin.OpenError of a
// known fault (a port not found, permission denied, busy…) in the catalogue's words with its
// port, as the status strip words it (ShoeLinkWords); any other error in its own words.
func linkErrWords(err error) opwords.Line {
	var oe *serialin.OpenError
	if errors.As(err, &oe) {
		if k, ok := shoeFaults[oe.Fault]; ok {
			return opwords.M(k, oe.Port)
		}
	}
	return opwords.Verbatim(err.Error())
}

func (t *diagTab) scan() {
	ports, err := t.sc.opt.Diagnostics.Ports()
	if err != nil {
		t.sc.c.Say(opwords.M(i18n.LogPortsErr, linkErrWords(err)))
		return
	}
	t.port.SetOptions(ports)
	if t.port.Text == "" && len(ports) > 0 {
		t.port.SetText(ports[0])
	}
}

func (t *diagTab) update() {
	d := t.sc.opt.Diagnostics
	if d == nil {
		return
	}
	st := d.Status()
	state := strings.ToUpper(st.State.String())
	if k, ok := linkStates[st.State]; ok {
		state = t.sc.t(k)
	}
	line := t.sc.t(i18n.DiagLink, state, st.Port, st.Since.In(t.sc.c.Now().Location()).Format("15:04:05"))
	if words, ok := ShoeLinkWords(st); ok {
		// The fault in words, then the link's own (English) words on a technical line of
		// their own, for whoever mends the link.
		line += " — " + t.sc.words.Say(words) + "\n" + t.sc.t(i18n.DiagDetails, st.Err)
	}
	counts := t.sc.t(i18n.DiagCounts,
		st.Connects, st.Frames, st.Cards, st.NoiseBytes, st.Corrupt, st.Duplicates, st.Conflicts, st.Gaps, st.Lost, st.Stale, st.Unproven, st.Misreads)
	t.status.SetText(line + "\n" + counts)
	if t.protocol.Selected == "" && len(d.Protocols()) > 0 {
		t.protocol.SetSelected(d.Protocols()[0])
	}
	log := d.Log()
	if n := len(log); n > 200 {
		log = log[n-200:]
	}
	t.frames.SetText(strings.Join(log, "\n"))
}
