package operator

import (
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/serialin"
)

// shoeFaults are the catalogue's words for the shoe link's faults (issue 23: the shoe link's
// errors in the operator's and the table's language).
var shoeFaults = map[serialin.Fault]i18n.Key{
	serialin.FaultNotFound:     i18n.ShoeFaultNotFound,
	serialin.FaultPermission:   i18n.ShoeFaultPermission,
	serialin.FaultBusy:         i18n.ShoeFaultBusy,
	serialin.FaultNotSerial:    i18n.ShoeFaultNotSerial,
	serialin.FaultUSBNone:      i18n.ShoeFaultUSBNone,
	serialin.FaultUSBMany:      i18n.ShoeFaultUSBMany,
	serialin.FaultList:         i18n.ShoeFaultList,
	serialin.FaultConnect:      i18n.ShoeFaultConnect,
	serialin.FaultDisconnected: i18n.ShoeFaultDisconnected,
	serialin.FaultUnreadable:   i18n.WarnShoeUnreadable,
	serialin.FaultSilent:       i18n.ShoeFaultSilent,
	serialin.FaultIO:           i18n.ShoeFaultIO,
	serialin.FaultResume:       i18n.ShoeFaultResume,
}

// ShoeLinkWords is the shoe link's error as a message of the catalogue, for the status strip
// and the diagnostics tab to word in their language: its fault in words, with the port; an
// error of no known fault is said to be one, the Diagnostics tab's technical line (DiagDetails)
// and the log keeping its own English words. ok is false when the link has no error.
func ShoeLinkWords(st serialin.Status) (m i18n.Message, ok bool) {
	if st.Err == "" {
		return i18n.Message{}, false
	}
	if k, known := shoeFaults[st.Fault]; known {
		return i18n.Message{Key: k, Args: []any{st.Port}}, true
	}
	return i18n.Message{Key: i18n.ShoeFaultOther, Args: []any{st.Port}}, true
}

// linkStates are the catalogue's words for the shoe link's states, on the Diagnostics tab.
var linkStates = map[serialin.LinkState]i18n.Key{
	serialin.LinkConnecting:   i18n.DiagStateConnecting,
	serialin.LinkConnected:    i18n.DiagStateConnected,
	serialin.LinkSilent:       i18n.DiagStateSilent,
	serialin.LinkDisconnected: i18n.DiagStateDisconnected,
	serialin.LinkReconnecting: i18n.DiagStateReconnecting,
	serialin.LinkClosed:       i18n.DiagStateClosed,
	serialin.LinkUnreadable:   i18n.DiagStateUnreadable,
	serialin.LinkUnproven:     i18n.DiagStateUnproven,
}
