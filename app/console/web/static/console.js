// The pit console's live updates: the server sends the tables and the activity as HTML
// fragments (server-sent events); ticked tables stay ticked. Without this script the page
// refreshes itself (a <noscript> refresh).
"use strict";
(function () {
  var tables = document.getElementById("tables");
  var activity = document.getElementById("activity");
  var live = document.getElementById("live");
  if (!tables || !window.EventSource) { return; }
  function say(on) {
    live.hidden = false;
    live.textContent = on ? live.dataset.live : live.dataset.lost;
    live.className = on ? "live on" : "live off";
  }
  var es = new EventSource("/events");
  es.onopen = function () { say(true); };
  es.onerror = function () { say(false); };
  es.addEventListener("tables", function (e) {
    var ticked = {};
    tables.querySelectorAll("input[name=table]:checked").forEach(function (b) { ticked[b.value] = true; });
    var focused = document.activeElement && tables.contains(document.activeElement) ? document.activeElement.value : null;
    tables.innerHTML = e.data;
    tables.querySelectorAll("input[name=table]").forEach(function (b) {
      if (ticked[b.value]) { b.checked = true; }
      if (b.value === focused) { b.focus(); }
    });
  });
  es.addEventListener("activity", function (e) { activity.innerHTML = e.data; });
})();
