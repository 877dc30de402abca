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
  var out = {charts: 0, empty: [], minFontPx: 1e9, toggled: null};
  document.querySelectorAll('svg.chart').forEach(function (svg, i) {
    out.charts++;
    var marks = svg.querySelectorAll('polyline[points], path[d], circle, g[data-tip] rect');
    var drawn = 0;
    marks.forEach(function (m) {
      var b = m.getBBox();
      if (b.width > 0 || b.height > 0) drawn++;
    });
    if (!drawn) out.empty.push(i);
    var vb = svg.viewBox.baseVal, w = svg.getBoundingClientRect().width;
    if (vb && vb.width && w) {
      var fs = parseFloat(svg.getAttribute('font-size') || '13');
      out.minFontPx = Math.min(out.minFontPx, fs * w / vb.width);
    }
  });
  out.scrollWidth = document.documentElement.scrollWidth;
  out.innerWidth = window.innerWidth;
  var b = document.querySelector('ul.legend button');
  if (b) {
    var f = b.closest('figure'), key = b.getAttribute('data-key');
    b.click();
    var hidden = 0, all = 0;
    f.querySelectorAll('svg [data-key="' + key + '"]').forEach(function (g) {
      all++; if (getComputedStyle(g).display === 'none') hidden++;
    });
    b.click();
    out.toggled = all > 0 && hidden === all;
  }
  document.body.setAttribute('data-probe', JSON.stringify(out));
});
//]]></script>
"""


def chromium():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "chromium is missing: scripts/setup.sh installs it (Debian package chromium)"
    return exe


def _run(page, width, extra):
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--enable-logging=stderr", "--v=0", f"--window-size={width},2400",
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
