"""Headless Chromium (Debian's chromium, installed by scripts/setup.sh) for
the report and compare pages: a copy of the page gets a probe script that
measures what a reader would see and writes it into the DOM, which
--dump-dom returns; console messages come from --enable-logging=stderr."""
import json
import os
import pathlib
import re
import shutil
import subprocess

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
  // A phone width runs inside an iframe (see _phone_frame): report to the top.
  var top = window.parent && window.parent !== window ? window.parent.document : document;
  top.body.setAttribute('data-probe', JSON.stringify(out));
});
//]]></script>
"""


def chromium():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "chromium is missing: scripts/setup.sh installs it (Debian package chromium)"
    return exe


# Headless Chromium's window is never narrower than 500 px: a phone width is
# an iframe of that width (its own viewport, so the page's media queries see
# the phone) in a 500 px window.
MIN_WINDOW = 500


def _phone_frame(page, width):
    page = pathlib.Path(page).resolve()
    frame = page.parent / f"phone-{width}-{page.name}"
    frame.write_text(f'<!DOCTYPE html><html><body style="margin:0"><iframe src="{page.name}" '
                     f'style="width:{width}px;height:2400px;border:0"></iframe></body></html>')
    return frame


def _run(page, width, extra):
    if width < MIN_WINDOW:
        page = _phone_frame(page, width)
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--allow-file-access-from-files", "--enable-logging=stderr", "--v=0",
           f"--window-size={max(width, MIN_WINDOW)},2400",
           "--virtual-time-budget=5000", *extra, pathlib.Path(page).resolve().as_uri()]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def console_messages(stderr):
    return [ln for ln in stderr.splitlines() if ":CONSOLE" in ln]


def probe(page, width, workdir):
    """Loads a probed copy of page at width px: (measurements, console lines)."""
    html = pathlib.Path(page).read_text()
    copy = pathlib.Path(workdir) / f"probe-{width}-{pathlib.Path(page).name}"
    copy.write_text(html.replace("</body>", PROBE + "</body>"))
    r = _run(copy, width, ["--dump-dom"])
    m = re.search(r'data-probe="([^"]*)"', r.stdout)
    assert m, f"the probe did not run in {page}: {r.stderr[-2000:]}"
    return json.loads(m.group(1).replace("&quot;", '"')), console_messages(r.stderr)


def screenshot(page, width, png):
    """Saves a screenshot of the page (unmodified) at width px; returns the
    console lines of that load."""
    png.parent.mkdir(parents=True, exist_ok=True)
    r = _run(page, width, [f"--screenshot={png}"])
    assert png.exists() and png.stat().st_size > 1000, r.stderr[-2000:]
    return console_messages(r.stderr)


def print_pages(page, workdir):
    """Prints the page to PDF the way a reader's browser does (A4 from the
    page's @page rule, no header or footer); returns the number of pages."""
    pdf = pathlib.Path(workdir) / (pathlib.Path(page).stem + ".pdf")
    r = _run(page, 1280, ["--no-pdf-header-footer", f"--print-to-pdf={pdf}"])
    assert pdf.exists(), r.stderr[-2000:]
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    m = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info.stdout, re.M)
    assert m and size, info.stdout
    # A4 is 595 x 842 points.
    assert abs(float(size.group(1)) - 595) < 2 and abs(float(size.group(2)) - 842) < 2, info.stdout
    return int(m.group(1)), pdf
