#!/usr/bin/env python3
"""Draws one sitting of bench/apps.sh as an SVG bar chart (no dependencies beyond Python 3).

Usage: bench/plot-apps.py SITTING.md OUT.svg

SITTING.md is what `bench/apps.sh` printed: its "# <date> UTC, ..." header and its table of
medians with ranges. For each kernel that has a Lamellar or C version (histo, ig, isx,
randperm) the chart has one panel: at each PE count a bar per implementation, the best method's
median (ours: the faster of e.g. `histo amo` and `histo conveyor` at that PE count, as the
README's ratios compare; Lamellar likewise), with a whisker over that method's range of
rounds. The rate axis is logarithmic: the implementations differ by up to two orders of
magnitude.
"""

import math
import re
import sys

KERNELS = ["histo", "ig", "isx", "randperm"]
# (label, row prefix, colour); a row's name is "<prefix><kernel>[ <method>]".
IMPLS = [
    ("ours (Rust)", "", "#1f5fa8"),
    ("Lamellar 0.8.1", "Lamellar ", "#e8812a"),
    ("C on OSHMEM", "C/OSHMEM ", "#8c8c8c"),
    ("C on ours (shmemcc)", "C/shmemcc ", "#3a9a48"),
]
CELL = re.compile(r"^([0-9.]+)(?: \(([0-9.]+)–([0-9.]+)\))?$")


def parse(path):
    """The header line and {(row name, unit): {np: (median, lo, hi)}}."""
    header, nps, rows = "", [], {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line.startswith("# ") and not header and " UTC" in line:
            header = line[2:]
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] == "program":
            nps = [int(c.split()[0]) for c in cells[2:]]
            continue
        by_np = {}
        for np, cell in zip(nps, cells[2:]):
            m = CELL.match(cell)
            if m:
                med = float(m[1])
                by_np[np] = (med, float(m[2] or med), float(m[3] or med))
        rows[(cells[0], cells[1])] = by_np
    return header, nps, rows


def best(rows, prefix, kernel, np):
    """The best method's (median, lo, hi) of `prefix + kernel` at `np` PEs, and the unit."""
    found = None
    for (name, unit), by_np in rows.items():
        if not name.startswith(prefix):
            continue
        rest = name[len(prefix):]
        if rest != kernel and not rest.startswith(kernel + " "):
            continue
        if prefix == "" and any(name.startswith(p) for _, p, _ in IMPLS if p):
            continue
        if np in by_np and (found is None or by_np[np][0] > found[0][0]):
            found = (by_np[np], unit)
    return found


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def fmt(x):
    return f"{x:.0f}" if x >= 10 else f"{x:.2g}"


def panel(out, x0, y0, w, h, kernel, nps, rows):
    """One kernel's panel, its top left corner at (x0, y0)."""
    bars = {}
    unit = ""
    for i, (_, prefix, _) in enumerate(IMPLS):
        for np in nps:
            got = best(rows, prefix, kernel, np)
            if got:
                bars[(i, np)] = got[0]
                unit = unit or got[1]
    if not bars:
        return
    impls = sorted({i for i, _ in bars})
    lo = min(v[1] for v in bars.values())
    hi = max(v[2] for v in bars.values())
    d0, d1 = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    if d1 == d0:
        d1 += 1
    left, right, top, bottom = 48, 8, 26, 34
    pw, ph = w - left - right, h - top - bottom

    def y(v):
        return y0 + top + ph * (1 - (math.log10(v) - d0) / (d1 - d0))

    out.append(f'<text x="{x0 + left + pw / 2}" y="{y0 + 16}" class="t">{esc(kernel)}</text>')
    for d in range(d0, d1 + 1):
        yy = y(10**d)
        out.append(f'<line x1="{x0 + left}" x2="{x0 + left + pw}" y1="{yy:.1f}" y2="{yy:.1f}" class="g"/>')
        out.append(f'<text x="{x0 + left - 4}" y="{yy + 4:.1f}" class="a" text-anchor="end">{fmt(10**d)}</text>')
    out.append(
        f'<text transform="translate({x0 + 12},{y0 + top + ph / 2}) rotate(-90)" class="a" '
        f'text-anchor="middle">{esc(unit)}</text>'
    )
    group = pw / len(nps)
    bw = group * 0.8 / len(impls)
    for g, np in enumerate(nps):
        gx = x0 + left + g * group + group * 0.1
        out.append(
            f'<text x="{x0 + left + (g + 0.5) * group:.1f}" y="{y0 + top + ph + 14}" class="a" '
            f'text-anchor="middle">{np} PE{"s" if np > 1 else ""}</text>'
        )
        for k, i in enumerate(impls):
            if (i, np) not in bars:
                continue
            med, rlo, rhi = bars[(i, np)]
            bx = gx + k * bw
            yb, yt = y0 + top + ph, y(med)
            out.append(
                f'<rect x="{bx:.1f}" y="{yt:.1f}" width="{bw * 0.92:.1f}" height="{yb - yt:.1f}" '
                f'fill="{IMPLS[i][2]}"><title>{esc(IMPLS[i][0])}, {np} PEs: {med:g} '
                f"({rlo:g}–{rhi:g}) {esc(unit)}</title></rect>"
            )
            cx = bx + bw * 0.46
            out.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(rhi):.1f}" y2="{y(rlo):.1f}" class="w"/>')
            out.append(
                f'<text x="{cx:.1f}" y="{y(rhi) - 3:.1f}" class="v" text-anchor="middle">{fmt(med)}</text>'
            )
    out.append(f'<line x1="{x0 + left}" x2="{x0 + left + pw}" y1="{y0 + top + ph}" y2="{y0 + top + ph}" class="x"/>')


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    header, nps, rows = parse(sys.argv[1])
    if not nps:
        sys.exit(f"{sys.argv[1]}: no table of bench/apps.sh in it")
    pw, ph, cols = 440, 250, 2
    kernels = [k for k in KERNELS if any(best(rows, "", k, np) for np in nps)]
    nrows = math.ceil(len(kernels) / cols)
    width, height = cols * pw, 58 + nrows * ph + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        "<style>.t{font-size:14px;font-weight:bold;text-anchor:middle}.a{font-size:11px;fill:#333}"
        ".v{font-size:8.5px;fill:#222}.g{stroke:#ddd;stroke-width:1}.x{stroke:#333;stroke-width:1}"
        ".w{stroke:#111;stroke-width:1}</style>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="20" class="t">bale kernels and ISx on one node: millions per second, '
        f"best method, median of the rounds (whisker: range)</text>",
        f'<text x="{width / 2}" y="38" class="a" text-anchor="middle">bench/apps.sh, {esc(header)}</text>',
    ]
    for n, kernel in enumerate(kernels):
        panel(out, (n % cols) * pw, 46 + (n // cols) * ph, pw, ph, kernel, nps, rows)
    lx = 20
    ly = height - 14
    for label, _, colour in IMPLS:
        out.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{lx + 16}" y="{ly}" class="a">{esc(label)}</text>')
        lx += 40 + 7 * len(label)
    out.append("</svg>")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
