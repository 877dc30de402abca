"""Headless Chromium (Debian's chromium, installed by scripts/setup.sh) for
the report and compare pages: a copy of the page gets a probe script that
measures what a reader would see and writes it into the DOM; console
messages and uncaught errors are collected while the page loads.

One Chromium serves every check of a test process (it took 2-4 s to start,
and each page used to start two): it is started on first use, driven over the
DevTools protocol on a pipe (--remote-debugging-pipe: no port, nothing to
install), each page loaded in a new tab, and closed when the process exits
(under xdist: one per worker that loads a page)."""
import atexit
import base64
import fcntl
import json
import os
import pathlib
import re
import select
import shutil
import subprocess
import tempfile
import time

PROBE = r"""
<script>//<![CDATA[
window.addEventListener('load', function () {
  var out = {charts: 0, empty: [], clipped: [], minFontPx: 1e9, toggled: null};
  document.querySelectorAll('svg.chart').forEach(function (svg, i) {
    out.charts++;
    var marks = svg.querySelectorAll('polyline[points], path[d], circle, g[data-tip] rect');
    var drawn = 0;
    marks.forEach(function (m) {
      var b = m.getBBox();
      if (b.width > 0 || b.height > 0) drawn++;
    });
    if (!drawn) out.empty.push(i);
    // Each label's font size as drawn: its computed size in SVG units times
    // the SVG's scale on screen (CSS may resize chart text per width).
    var ctm = svg.getScreenCTM();
    svg.querySelectorAll('text').forEach(function (tx) {
      if (!ctm || !tx.textContent.trim() || !tx.getBBox().width) return;
      var px = parseFloat(getComputedStyle(tx).fontSize) * ctm.a;
      // A label that runs past the SVG's edge is cut off (past the page's
      // when the SVG lets its text overflow).
      var bb = tx.getBBox(), vb = svg.viewBox.baseVal, r = tx.getBoundingClientRect();
      var cut = getComputedStyle(svg).overflow === 'visible'
        ? r.left < 0 || r.right > window.innerWidth
        : vb && vb.width && (bb.x < -1 || bb.x + bb.width > vb.width + 1);
      if (cut && !tx.getAttribute('transform')) out.clipped.push(tx.textContent);
      if (px < out.minFontPx) { out.minFontPx = px; out.minFontText = tx.textContent; }
    });
  });
  // Accessibility: each chart's text alternative (title and a data summary),
  // points reachable by keyboard, the toggles' pressed state.
  out.noText = [];
  document.querySelectorAll('svg.chart').forEach(function (svg, i) {
    var label = svg.getAttribute('aria-label') || '';
    var title = svg.querySelector('title'), desc = svg.querySelector('desc');
    if (!title || !title.textContent.trim() || !desc || !/\d/.test(desc.textContent) ||
        label.indexOf(desc.textContent) < 0) out.noText.push(i);
  });
  // Chart labels drawn over each other (a rotated axis title over tick
  // labels that grew on a phone): pairs whose boxes overlap more than 6 px
  // both ways (boxes of neighbouring ticks touch by a few px).
  out.overlaps = [];
  document.querySelectorAll('svg.chart').forEach(function (svg, i) {
    var ts = Array.prototype.filter.call(svg.querySelectorAll('text'), function (tx) {
      return tx.textContent.trim() && tx.getBoundingClientRect().width > 0 &&
        getComputedStyle(tx).display !== 'none';
    });
    for (var a = 0; a < ts.length; a++)
      for (var b = a + 1; b < ts.length; b++) {
        var p = ts[a].getBoundingClientRect(), q = ts[b].getBoundingClientRect();
        var ox = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        var oy = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (ox > 6 && oy > 6) out.overlaps.push([i, ts[a].textContent, ts[b].textContent]);
      }
  });
  var tips = document.querySelectorAll('svg [data-tip]');
  out.tips = tips.length;
  out.focusable = Array.prototype.filter.call(tips, function (el) {
    return el.tabIndex === 0 && el.getAttribute('aria-label') === el.getAttribute('data-tip');
  }).length;
  if (tips.length) {
    tips[0].focus();
    var tipEl = document.getElementById('tip');
    out.focusTip = document.activeElement === tips[0] && tipEl &&
      getComputedStyle(tipEl).display !== 'none' ? tipEl.textContent : null;
    tips[0].blur();
  }
  // Tables that hide part of themselves (a box narrower than its rows) or
  // run past the window: their class, and how far.
  out.cutTables = [];
  document.querySelectorAll('table').forEach(function (tb) {
    var r = tb.getBoundingClientRect();
    if (tb.scrollWidth > tb.clientWidth + 1 || r.right > window.innerWidth + 1)
      out.cutTables.push({cls: tb.className, scrollWidth: tb.scrollWidth,
                          clientWidth: tb.clientWidth, right: r.right});
  });
  // A compare's bar values past their figure's edge (it scrolls sideways
  // on a phone): a reader sees no value without scrolling each chart.
  out.hiddenBarValues = [];
  document.querySelectorAll('figure.bars').forEach(function (f) {
    var box = f.getBoundingClientRect();
    f.querySelectorAll('svg text').forEach(function (tx) {
      var r = tx.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) out.hiddenBarValues.push(tx.textContent);
    });
  });
  // A figure that scrolls sideways (the compare's bars did on a phone).
  out.scrollingFigures = [];
  document.querySelectorAll('figure').forEach(function (f) {
    if (f.scrollWidth > f.clientWidth + 1)
      out.scrollingFigures.push(f.querySelector('figcaption').textContent);
  });
  out.scrollWidth = document.documentElement.scrollWidth;
  out.innerWidth = window.innerWidth;
  var b = document.querySelector('ul.legend button');
  if (b) {
    var f = b.closest('figure'), key = b.getAttribute('data-key');
    out.pressed = [b.getAttribute('aria-pressed')];
    b.click();
    out.pressed.push(b.getAttribute('aria-pressed'));
    var hidden = 0, all = 0;
    f.querySelectorAll('svg [data-key="' + key + '"]').forEach(function (g) {
      all++; if (getComputedStyle(g).display === 'none') hidden++;
    });
    b.click();
    out.pressed.push(b.getAttribute('aria-pressed'));
    out.toggled = all > 0 && hidden === all;
  }
  // The compare's page-wide drive switch: the second drive off hides it in
  // every chart (its marks, bars and small chart) and marks its legend
  // entries off; on again shows it all.
  var db = document.querySelectorAll('.drivebar button');
  if (db.length > 1) {
    var sw = db[1], d = sw.getAttribute('data-drive');
    var shown = function () {
      var charts = 0;
      document.querySelectorAll('svg.chart').forEach(function (svg) {
        var marks = svg.querySelectorAll('[data-drive="' + d + '"]');
        if (Array.prototype.some.call(marks, function (m) {
          return m.getBoundingClientRect().width > 0 || m.getBoundingClientRect().height > 0;
        })) charts++;
      });
      return charts;
    };
    var legends = function (v) {
      return Array.prototype.every.call(
        document.querySelectorAll('ul.legend button[data-key="' + d + '"]'),
        function (l) { return l.getAttribute('aria-pressed') === v; });
    };
    out.drive = {keyboard: sw.tabIndex === 0, pressed: [sw.getAttribute('aria-pressed')],
                 charts: [shown()]};
    sw.click();
    out.drive.pressed.push(sw.getAttribute('aria-pressed'));
    out.drive.charts.push(shown());
    out.drive.legendsOff = legends('false');
    sw.click();
    out.drive.pressed.push(sw.getAttribute('aria-pressed'));
    out.drive.charts.push(shown());
    out.drive.legendsOn = legends('true');
  }
  document.body.setAttribute('data-probe', JSON.stringify(out));
});
//]]></script>
"""


def chromium():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "chromium is missing: scripts/setup.sh installs it (Debian package chromium)"
    return exe


class Browser:
    """A headless Chromium driven over the DevTools protocol on fds 3 and 4
    (JSON messages ended by a NUL byte). Every wait is bounded."""

    TIMEOUT = 60.0

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="ssdcore-chromium-")
        to_child, self._w = os.pipe()   # we write commands, Chromium reads fd 3
        self._r, from_child = os.pipe()  # Chromium writes fd 4, we read

        def fds():  # in the child: the pipe ends become fds 3 and 4
            a = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             "--no-first-run", "--no-default-browser-check", "--mute-audio", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, pass_fds=(3, 4))
        os.close(to_child)
        os.close(from_child)
        self._buf = b""
        self._next = 0
        self.events = []

    def alive(self):
        return self.proc.poll() is None

    def _message(self, deadline):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self._r], [], [], left)
            if ready:
                chunk = os.read(self._r, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed its DevTools pipe (it exited)")
                self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, session=None, timeout=None, **params):
        """Sends one command and returns its result; events that arrive
        meanwhile are kept in self.events."""
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + (timeout or self.TIMEOUT)
        while True:
            m = self._message(deadline)
            if m.get("id") == self._next:
                if "error" in m:
                    raise RuntimeError(f"Chromium: {method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, session, timeout=None):
        deadline = time.monotonic() + (timeout or self.TIMEOUT)
        while True:
            for m in self.events:
                if m.get("method") == method and m.get("sessionId") == session:
                    return m
            self.events.append(self._message(deadline))

    def open(self, page, width):
        """A new tab at width x 2400 px with page loaded: its session id."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session)
        self.call("Emulation.setDeviceMetricsOverride", session, width=width, height=2400,
                  deviceScaleFactor=1, mobile=False)
        # Every tab behaves as the focused one: a background tab gets no
        # focus events, and the probe's keyboard check failed now and then.
        self.call("Emulation.setFocusEmulationEnabled", session, enabled=True)
        self.call("Page.navigate", session, url=pathlib.Path(page).resolve().as_uri())
        self.wait_event("Page.loadEventFired", session)
        return target, session

    def close_tab(self, target, session):
        self.call("Target.closeTarget", targetId=target)
        self.events = [m for m in self.events if m.get("sessionId") != session]

    def console(self, session):
        """The console messages and uncaught errors of the tab, one line each."""
        out = []
        for m in self.events:
            if m.get("sessionId") != session:
                continue
            p = m.get("params", {})
            if m.get("method") == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", a.get("type"))))
                                for a in p.get("args", []))
                out.append(f"CONSOLE {p.get('type')}: {text}")
            elif m.get("method") == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                desc = d.get("exception", {}).get("description", "")
                out.append(f"CONSOLE uncaught: {d.get('text')} {desc} "
                           f"({d.get('url')}:{d.get('lineNumber')})")
            elif m.get("method") == "Log.entryAdded" and p["entry"].get("level") != "verbose":
                e = p["entry"]
                out.append(f"CONSOLE {e.get('source')} {e.get('level')}: {e.get('text')} "
                           f"({e.get('url', '')})")
        return out

    def close(self):
        if self.alive():
            try:
                self.call("Browser.close", timeout=10)
            except (RuntimeError, TimeoutError, OSError):
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for fd in (self._w, self._r):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


_browser = None


def browser():
    """This process's Chromium, started on first use (again if it died)."""
    global _browser
    if _browser is None or not _browser.alive():
        if _browser is not None:
            _browser.close()
        _browser = Browser()
        atexit.register(_browser.close)
    return _browser


def probe(page, width, workdir):
    """Loads a probed copy of page at width px: (measurements, console lines)."""
    html = pathlib.Path(page).read_text()
    copy = pathlib.Path(workdir) / f"probe-{width}-{pathlib.Path(page).name}"
    copy.write_text(html.replace("</body>", PROBE + "</body>"))
    b = browser()
    target, session = b.open(copy, width)
    try:
        got = None
        deadline = time.monotonic() + 10
        while got is None and time.monotonic() < deadline:
            r = b.call("Runtime.evaluate", session,
                       expression="document.body && document.body.getAttribute('data-probe')",
                       returnByValue=True)
            got = r.get("result", {}).get("value")
            if got is None:
                time.sleep(0.05)
        assert got, f"the probe did not run in {page}: {b.console(session)}"
        return json.loads(got), b.console(session)
    finally:
        b.close_tab(target, session)


def screenshot(page, width, png):
    """Saves a screenshot of the page (unmodified) at width px; returns the
    console lines of that load."""
    png.parent.mkdir(parents=True, exist_ok=True)
    b = browser()
    target, session = b.open(page, width)
    try:
        data = b.call("Page.captureScreenshot", session, format="png")["data"]
        png.write_bytes(base64.b64decode(data))
        assert png.stat().st_size > 1000, b.console(session)
        return b.console(session)
    finally:
        b.close_tab(target, session)


def print_pages(page, workdir):
    """Prints the page to PDF the way a reader's browser does (A4 from the
    page's @page rule, no header or footer); returns the number of pages.
    In this process's Chromium, with the options `chromium --headless
    --no-pdf-header-footer --print-to-pdf` prints with (the same PDFs, page
    for page: a new Chromium for each print cost a second of CPU)."""
    pdf = pathlib.Path(workdir) / (pathlib.Path(page).stem + ".pdf")
    b = browser()
    target, session = b.open(page, 1280)
    try:
        data = b.call("Page.printToPDF", session, printBackground=True, preferCSSPageSize=True,
                      displayHeaderFooter=False)["data"]
        pdf.write_bytes(base64.b64decode(data))
        assert pdf.stat().st_size > 1000, b.console(session)
    finally:
        b.close_tab(target, session)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    m = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info.stdout, re.M)
    assert m and size, info.stdout
    # A4 is 595 x 842 points.
    assert abs(float(size.group(1)) - 595) < 2 and abs(float(size.group(2)) - 842) < 2, info.stdout
    return int(m.group(1)), pdf
