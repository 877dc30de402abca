#!/usr/bin/env python3
"""Draws docs/analysis_curve.svg: a generated whole-drive fill (cache,
direct-to-TLC, folding, with noise, GC dips and stalls) as speed against
bytes written, with what `ssdcore analyze` finds drawn on top. Plain SVG,
no plotting library. Run from the repository root after scripts/build.sh."""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build", "python"))
sys.path.insert(0, os.path.join(ROOT, "tests", "py"))

import ssdcore  # noqa: E402
import synth_curves as S  # noqa: E402

W, H, L, R, T, B = 860, 420, 70, 20, 30, 50


def main(out=os.path.join(ROOT, "docs", "analysis_curve.svg")):
    c = S.Curve([(0.0, 4.5e9), (250 * S.GiB, 1.34e9), (600 * S.GiB, 0.5e9)], duration_s=1200,
                noise_cv=0.12, dip_period_s=60, dip_depth=0.45, dip_duty=0.08, stall_prob=0.004,
                seed=11)
    t, b = S.generate(c)
    r = ssdcore.analyze((t, b))
    x = np.cumsum(b) / S.GiB
    dt = np.diff(np.concatenate(([0.0], t)))
    y = b / dt / 1e9
    xmax, ymax = x[-1], 5.0
    px = lambda v: L + (W - L - R) * v / xmax  # noqa: E731
    py = lambda v: H - B - (H - T - B) * v / ymax  # noqa: E731
    e = []
    # (viewBox and max-width: a phone-wide page scales the figure down
    # instead of cutting it off at 390 px.)
    e.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
             f'width="{W}" height="{H}" style="max-width:100%;height:auto" '
             f'font-family="sans-serif" font-size="12">')
    e.append(f'<rect width="{W}" height="{H}" fill="white"/>')
    for gy in range(0, 6):
        e.append(f'<line x1="{L}" x2="{W - R}" y1="{py(gy):.1f}" y2="{py(gy):.1f}" stroke="#eee"/>')
        e.append(f'<text x="{L - 8}" y="{py(gy) + 4:.1f}" text-anchor="end">{gy}</text>')
    for gx in range(0, int(xmax) + 1, 200):
        e.append(f'<text x="{px(gx):.1f}" y="{H - B + 18}" text-anchor="middle">{gx}</text>')
    e.append(f'<text x="{(L + W - R) / 2}" y="{H - 10}" text-anchor="middle">GiB written</text>')
    e.append(f'<text x="16" y="{(T + H - B) / 2}" transform="rotate(-90 16 {(T + H - B) / 2})" '
             f'text-anchor="middle">write speed, GB/s</text>')
    pts = " ".join(f"{px(a):.1f},{py(min(v, ymax)):.1f}" for a, v in zip(x, y))
    e.append(f'<polyline points="{pts}" fill="none" stroke="#9bb" stroke-width="1"/>')
    colours = ["#d33", "#36c", "#393", "#a6c", "#c80"]
    for i, p in enumerate(r["phases"]):
        a, z, lv = p["start_bytes"] / S.GiB, p["end_bytes"] / S.GiB, p["level_bps"] / 1e9
        e.append(f'<line x1="{px(a):.1f}" x2="{px(z):.1f}" y1="{py(lv):.1f}" y2="{py(lv):.1f}" '
                 f'stroke="{colours[i % 5]}" stroke-width="3"/>')
    cache = r["cache"]
    if cache:
        cx = px(cache["bytes"] / S.GiB)
        e.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{T}" y2="{H - B}" stroke="#d33" '
                 f'stroke-dasharray="5,3"/>')
        e.append(f'<text x="{cx + 6:.1f}" y="{T + 14}" fill="#d33">cache: {cache["bytes"] / S.GiB:.1f} GiB '
                 f'at {cache["level_bps"] / 1e9:.2f} GB/s, drop {cache["drop_ratio"]:.1f}x</text>')
        e.append(f'<text x="{cx + 6:.1f}" y="{T + 30}" fill="#36c">post-cache (direct to TLC): '
                 f'{r["post_cache_bps"] / 1e9:.2f} GB/s</text>')
    f = r["folding"]
    if f:
        fx = px(f["start_bytes"] / S.GiB)
        e.append(f'<line x1="{fx:.1f}" x2="{fx:.1f}" y1="{T + 40}" y2="{H - B}" stroke="#393" '
                 f'stroke-dasharray="5,3"/>')
        e.append(f'<text x="{fx + 6:.1f}" y="{T + 56}" fill="#393">folding from '
                 f'{f["start_bytes"] / S.GiB:.0f} GiB at {f["level_bps"] / 1e9:.2f} GB/s</text>')
    d = r["consistency"]["dips"]
    note = (f"GC dips every {d['period_s']:.0f} s, {100 * d['depth']:.0f}% deep (not phases); "
            if d else "")
    e.append(f'<text x="{L + 10}" y="{H - B - 8}" fill="#555">grey: per-second speed with noise, '
             f'{note}stalls ignored. Thick: phase levels.</text>')
    e.append("</svg>")
    with open(out, "w") as fh:
        fh.write("\n".join(e) + "\n")
    print(out, "cache", cache and cache["bytes"] / S.GiB, "folding", f and f["start_bytes"] / S.GiB,
          "dips", d)


if __name__ == "__main__":
    main()
