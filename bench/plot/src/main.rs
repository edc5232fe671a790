//! `plot`: draws the medians of `bench/compare.sh` (file `medians.tsv`, written by
//! `bench/compare.py`) into one PNG with four panels: put and get latency against the
//! message size (np = 2), barrier latency and reduction latency against the PE count; ours
//! against Open MPI's OSHMEM and MPI-3 one-sided (the two reference benchmarks), and, when
//! `bench/compare.sh --mpi` measured it, ours over the MPI transport with every PE a pretend
//! node of its own (`offnode`: every operation between PEs goes through MPI RMA).
//!
//! With `--windows` it draws the RMA window rows instead, ours against MPI-3 one-sided (Open
//! MPI, osc sm; harness `mpi`) against the PE count: (a) passive-target epoch latency
//! (`win_lock_excl_lat`, `win_lock_shared_lat`), (b) `accumulate_sum_1024_lat`,
//! `fence_epoch_lat` and `pscw_epoch_lat`, (c) contended exclusive lock throughput
//! (`win_lock_contended_ops_per_s`, higher is better), and, only when the file has them,
//! (d) ours' `layout_put_first_lat` vs `layout_put_reuse_lat` (no MPI rows).
//!
//! Usage: `plot MEDIANS_TSV OUT_PNG [--windows] [--title TEXT] [--title-note TEXT] [--font TTF]`
//! (`--title` replaces the figure's title: `bench/plot.sh --hosts` draws the two-host harnesses
//! of `compare.sh --mpi --hosts 2` under the names `ours`, `oshmem`, `mpi` with a title of its
//! own).
//!
//! Text is rendered by plotters' pure-Rust `ab_glyph` backend from a TrueType font loaded at
//! run time: `--font`, else `$SHMEM_PLOT_FONT`, else DejaVu Sans at the usual places
//! (Debian: package `fonts-dejavu-core`).
//!
//! `medians.tsv`: `#` comment lines, then rows `harness metric npes value unit rounds`
//! (tab separated; harness = ours | oshmem | mpi | oursmpi | offnode). Rows that are absent, not numbers, or
//! not > 0 are skipped (never drawn as zero); a line joins two points only where no
//! measured size or PE count lies between them.

use std::collections::{BTreeSet, HashMap};
use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use plotters::coord::Shift;
use plotters::coord::combinators::{BindKeyPoints, WithKeyPoints};
use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{BackendCoord, DrawingErrorKind};

type BoxError = Box<dyn Error + Send + Sync>;

const WIDTH: u32 = 1600;
const HEIGHT: u32 = 1300;
const FONT: &str = "sans-serif";
const FONT_ENV: &str = "SHMEM_PLOT_FONT";
/// Where DejaVu Sans usually lives (Debian/Ubuntu, Fedora, Arch, others).
const FONT_CANDIDATES: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/local/share/fonts/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
];

/// Message sizes of the put/get latency rows (bench.c of the OSHMEM reference benchmark).
const SIZES: &[u64] = &[8, 64, 4096, 65536, 1_048_576];
/// PE count of the put/get panels.
const SIZE_NP: u32 = 2;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Imp {
    Ours,
    Oshmem,
    Mpi,
    OffNode,
}

impl Imp {
    fn key(self) -> &'static str {
        match self {
            Imp::Ours => "ours",
            Imp::Oshmem => "oshmem",
            Imp::Mpi => "mpi",
            Imp::OffNode => "offnode",
        }
    }
    fn name(self) -> &'static str {
        match self {
            Imp::Ours => "shmem (ours)",
            Imp::Oshmem => "Open MPI OSHMEM",
            Imp::Mpi => "MPI-3 one-sided",
            Imp::OffNode => "shmem over MPI, off-node",
        }
    }
    /// One color per implementation, the same in every panel.
    fn color(self) -> RGBColor {
        match self {
            Imp::Ours => RGBColor(0xd6, 0x27, 0x28),
            Imp::Oshmem => RGBColor(0x1f, 0x77, 0xb4),
            Imp::Mpi => RGBColor(0x2c, 0xa0, 0x2c),
            Imp::OffNode => RGBColor(0x94, 0x67, 0xbd),
        }
    }
}

/// How a series' line is drawn (panel d tells its three reductions apart this way).
#[derive(Clone, Copy)]
enum Line {
    Solid,
    Dashed,
    Dotted,
}

struct Series {
    imp: Imp,
    label: String,
    points: Vec<(f64, f64)>,
    line: Line,
    hollow: bool,
}

/// `(harness, metric, npes) -> median`.
struct Medians {
    values: HashMap<(String, String, u32), f64>,
}

impl Medians {
    fn read(path: &Path) -> Result<Self, BoxError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut values = HashMap::new();
        let mut skipped = 0usize;
        for line in text.lines() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let parsed = (cols.len() >= 4)
                .then(|| Some((cols[2].parse::<u32>().ok()?, cols[3].parse::<f64>().ok()?)))
                .flatten();
            match parsed {
                Some((np, v)) if v.is_finite() && v > 0.0 => {
                    values.insert((cols[0].to_owned(), cols[1].to_owned(), np), v);
                }
                _ => skipped += 1,
            }
        }
        if skipped > 0 {
            eprintln!(
                "plot: {}: skipped {skipped} line(s) without a positive numeric value",
                path.display()
            );
        }
        if values.is_empty() {
            return Err(format!("{}: no data rows", path.display()).into());
        }
        Ok(Self { values })
    }

    fn get(&self, imp: Imp, metric: &str, np: u32) -> Option<f64> {
        self.values
            .get(&(imp.key().to_owned(), metric.to_owned(), np))
            .copied()
    }

    /// The implementations to draw: the three always (a missing one shows as "no data"), and
    /// the off-node MPI transport only when it was measured.
    fn imps(&self) -> Vec<Imp> {
        let mut v = vec![Imp::Ours, Imp::Oshmem, Imp::Mpi];
        if self.values.keys().any(|k| k.0 == Imp::OffNode.key()) {
            v.push(Imp::OffNode);
        }
        v
    }

    /// Every PE count at which `imp` has `metric`.
    fn nps(&self, imp: Imp, metric: &str) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .values
            .keys()
            .filter(|(h, m, _)| h == imp.key() && m == metric)
            .map(|k| k.2)
            .collect();
        v.sort_unstable();
        v
    }
}

fn fmt_size(b: f64) -> String {
    let b = b.round() as u64;
    if b >= 1 << 20 && b.is_multiple_of(1 << 20) {
        format!("{} MiB", b >> 20)
    } else if b >= 1 << 10 && b.is_multiple_of(1 << 10) {
        format!("{} KiB", b >> 10)
    } else {
        format!("{b} B")
    }
}

/// `1.5` -> "1.5", `20.0` -> "20".
fn trim_num(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The y axis of the latency panels.
const LATENCY_DESC: &str = "latency (log scale; lower is better)";
/// The y axis of a throughput panel (`fmt_rate` ticks).
const RATE_DESC: &str = "operations per second (log scale; higher is better)";

/// `5e6` -> "5 M/s".
fn fmt_rate(v: f64) -> String {
    if v >= 1e9 {
        format!("{} G/s", trim_num(v / 1e9))
    } else if v >= 1e6 {
        format!("{} M/s", trim_num(v / 1e6))
    } else if v >= 1e3 {
        format!("{} k/s", trim_num(v / 1e3))
    } else {
        format!("{}/s", trim_num(v))
    }
}

fn fmt_ns(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{} s", trim_num(ns / 1e9))
    } else if ns >= 1e6 {
        format!("{} ms", trim_num(ns / 1e6))
    } else if ns >= 1e3 {
        format!("{} µs", trim_num(ns / 1e3))
    } else {
        format!("{} ns", trim_num(ns))
    }
}

/// Log-scale y ticks over `[lo, hi]`: bold at 1, 2, 5 x 10^k (only 1 x 10^k when the range
/// spans more than three decades; every 1..9 x 10^k when 1, 2, 5 would give under three),
/// light at 1..9 x 10^k.
fn log_ticks(lo: f64, hi: f64) -> (Vec<f64>, Vec<f64>) {
    let decades = (hi / lo).log10();
    let (bold, light) = log_ticks_at(
        lo,
        hi,
        if decades > 3.0 {
            &[1.0]
        } else {
            &[1.0, 2.0, 5.0]
        },
    );
    if bold.len() < 3 {
        return (light.clone(), light);
    }
    (bold, light)
}

/// Ticks over `[lo, hi]`: bold at `mults` x 10^k, light at 1..9 x 10^k.
fn log_ticks_at(lo: f64, hi: f64, mults: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let (mut bold, mut light) = (Vec::new(), Vec::new());
    let mut p = 10f64.powf(lo.log10().floor());
    while p <= hi {
        for m in 1..10 {
            let v = p * f64::from(m);
            if v >= lo && v <= hi {
                if mults.contains(&f64::from(m)) {
                    bold.push(v);
                }
                light.push(v);
            }
        }
        p *= 10.0;
    }
    (bold, light)
}

type LogAxis = WithKeyPoints<LogCoord<f64>>;

fn log_axis(lo: f64, hi: f64, bold: Vec<f64>, light: Vec<f64>) -> LogAxis {
    (lo..hi)
        .log_scale()
        .with_key_points(bold)
        .with_light_points(light)
}

/// A point marker: one shape per implementation (circle, triangle, square, diamond), filled or
/// hollow.
struct Marker<C> {
    at: C,
    imp: Imp,
    hollow: bool,
}

impl<'b, C> PointCollection<'b, C> for &'b Marker<C> {
    type Point = &'b C;
    type IntoIter = std::iter::Once<&'b C>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::once(&self.at)
    }
}

fn draw_marker<DB: DrawingBackend>(
    backend: &mut DB,
    (x, y): BackendCoord,
    imp: Imp,
    hollow: bool,
) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
    let style = imp.color().stroke_width(2);
    match imp {
        Imp::Ours => backend.draw_circle((x, y), 5, &style, !hollow),
        Imp::Oshmem => {
            // upward triangle, circumradius 7
            let r = 7.0;
            let v: Vec<BackendCoord> = [-90f64, 30.0, 150.0]
                .iter()
                .map(|d| d.to_radians())
                .map(|a| {
                    (
                        x + (a.cos() * r).round() as i32,
                        y + (a.sin() * r).round() as i32,
                    )
                })
                .collect();
            if hollow {
                backend.draw_path(v.iter().copied().chain(std::iter::once(v[0])), &style)
            } else {
                backend.fill_polygon(v, &style)
            }
        }
        Imp::Mpi => backend.draw_rect((x - 5, y - 5), (x + 5, y + 5), &style, !hollow),
        Imp::OffNode => {
            // diamond, half-diagonal 7
            let v = vec![(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)];
            if hollow {
                backend.draw_path(v.iter().copied().chain(std::iter::once(v[0])), &style)
            } else {
                backend.fill_polygon(v, &style)
            }
        }
    }
}

impl<C, DB: DrawingBackend> Drawable<DB> for Marker<C> {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        mut pos: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        match pos.next() {
            Some(p) => draw_marker(backend, p, self.imp, self.hollow),
            None => Ok(()),
        }
    }
}

/// A short sample of a series' line with its marker, for the legend (`at` = left end).
struct LegendSample {
    at: BackendCoord,
    imp: Imp,
    line: Line,
    hollow: bool,
}

impl<'b> PointCollection<'b, BackendCoord> for &'b LegendSample {
    type Point = &'b BackendCoord;
    type IntoIter = std::iter::Once<&'b BackendCoord>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::once(&self.at)
    }
}

impl<DB: DrawingBackend> Drawable<DB> for LegendSample {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        mut pos: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let Some((x, y)) = pos.next() else {
            return Ok(());
        };
        let style = self.imp.color().stroke_width(2);
        let segs: &[(i32, i32)] = match self.line {
            Line::Solid => &[(0, 28)],
            Line::Dashed => &[(0, 9), (19, 28)],
            Line::Dotted => &[(0, 3), (8, 11), (17, 20), (25, 28)],
        };
        for &(a, b) in segs {
            backend.draw_line((x + a, y), (x + b, y), &style)?;
        }
        draw_marker(backend, (x + 14, y), self.imp, self.hollow)
    }
}

/// Splits `points` (sorted by x) into runs whose x values are consecutive in `grid`.
fn runs(points: &[(f64, f64)], grid: &[f64]) -> Vec<Vec<(f64, f64)>> {
    let idx = |x: f64| grid.iter().position(|g| (g / x - 1.0).abs() < 1e-9);
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut prev: Option<usize> = None;
    for &p in points {
        let i = idx(p.0);
        match (prev, i, out.last_mut()) {
            (Some(a), Some(b), Some(run)) if b == a + 1 => run.push(p),
            _ => out.push(vec![p]),
        }
        prev = i;
    }
    out
}

struct Panel<'a> {
    title: &'a str,
    x_desc: &'a str,
    /// The y axis: its description and tick labels (latency, or a rate for `--windows` (c)).
    y_desc: &'a str,
    y_fmt: fn(f64) -> String,
    /// x values at which the panel has a measurement (ticks, and line joining).
    grid: Vec<f64>,
    x_fmt: fn(f64) -> String,
    series: Vec<Series>,
    /// Legend entries a row: 2, or 1 where a label does not fit in half the width.
    legend_cols: usize,
}

/// Margin left and right of the legend box, pixels.
const LEGEND_SIDE: u32 = 20;
/// Height of one legend row, pixels.
const LEGEND_ROW: u32 = 26;

/// Legend rows of a panel (entries in the panel's series order, `legend_cols` a row).
fn legend_rows(p: &Panel<'_>) -> u32 {
    p.series.len().div_ceil(p.legend_cols) as u32
}

fn legend_font() -> TextStyle<'static> {
    (FONT, 16)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center))
}

/// Pixels from an entry's left end to its text (line sample and gap).
const LEGEND_TEXT_X: i32 = 36;

fn legend_label(s: &Series) -> String {
    if s.points.is_empty() {
        format!("{} (no data)", s.label)
    } else {
        s.label.clone()
    }
}

/// 2 if every legend entry fits in its half of a legend `width` pixels wide (`text_w`
/// measures a label), else 1.
fn legend_cols(p: &Panel<'_>, width: i32, text_w: impl Fn(&str) -> i32) -> usize {
    let n = p.series.len();
    let half = width / 2;
    let fits = p.series.iter().enumerate().all(|(i, s)| {
        // the last entry alone in its row may use the whole width
        let room = if i % 2 == 0 && i + 1 == n {
            width
        } else {
            half
        };
        12 + LEGEND_TEXT_X + text_w(&legend_label(s)) + 8 <= room
    });
    if fits { 2 } else { 1 }
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    p: &Panel<'_>,
    legend_rows: u32,
) -> Result<(), BoxError>
where
    DB::ErrorType: 'static,
{
    let h = area.dim_in_pixel().1;
    let legend_h = legend_rows * LEGEND_ROW + 18;
    let (chart_area, legend_area) = area.split_vertically(h.saturating_sub(legend_h) as i32);
    draw_legend(&legend_area.margin(0, 8, LEGEND_SIDE, LEGEND_SIDE), p)?;

    let ys: Vec<f64> = p
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|q| q.1))
        .collect();
    let mut chart = ChartBuilder::on(&chart_area);
    chart
        .caption(p.title, (FONT, 24, FontStyle::Bold))
        .margin(10)
        .margin_right(28)
        .x_label_area_size(58)
        .y_label_area_size(100);
    if ys.is_empty() || p.grid.is_empty() {
        let mut chart = chart.build_cartesian_2d(0f64..1f64, 0f64..1f64)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .disable_axes()
            .draw()?;
        chart.draw_series(std::iter::once(Text::new(
            "no data in the medians file",
            (0.5, 0.5),
            (FONT, 22)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Center, VPos::Center)),
        )))?;
        return Ok(());
    }
    let (ylo, yhi) = ys
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &y| (a.min(y), b.max(y)));
    // Log padding: a bit under the lowest and over the highest point.
    let (ylo, yhi) = (ylo / 1.5, yhi * 1.5);
    let (xlo, xhi) = (p.grid[0], p.grid[p.grid.len() - 1]);
    let pad = if xhi > xlo {
        (xhi / xlo).powf(0.05)
    } else {
        1.5
    };
    let (ybold, ylight) = log_ticks(ylo, yhi);
    let x_axis = log_axis(xlo / pad, xhi * pad, p.grid.clone(), Vec::new());
    let y_axis = log_axis(ylo, yhi, ybold, ylight);
    let mut chart = chart.build_cartesian_2d(x_axis, y_axis)?;
    let (x_fmt, y_fmt) = (p.x_fmt, p.y_fmt);
    chart
        .configure_mesh()
        .x_desc(p.x_desc)
        .y_desc(p.y_desc)
        .x_label_formatter(&|v| x_fmt(*v))
        .y_label_formatter(&|v| y_fmt(*v))
        .label_style((FONT, 17))
        .axis_desc_style((FONT, 19))
        .bold_line_style(BLACK.mix(0.18))
        .light_line_style(BLACK.mix(0.06))
        .draw()?;

    // Ours last, so that it is on top where the lines meet.
    for s in p.series.iter().rev() {
        draw_series(&mut chart, s, &p.grid)?;
    }
    Ok(())
}

/// The legend under a panel: a box with two entries a row (the last one alone in its row
/// may use the whole width).
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    p: &Panel<'_>,
) -> Result<(), BoxError>
where
    DB::ErrorType: 'static,
{
    let (w, h) = area.dim_in_pixel();
    let used = (legend_rows(p) * LEGEND_ROW + 10).min(h);
    area.draw(&Rectangle::new(
        [(0, 0), (w as i32 - 1, used as i32 - 1)],
        BLACK.mix(0.3).stroke_width(1),
    ))?;
    let col_w = (w / 2) as i32;
    let style = legend_font();
    let cols = p.legend_cols;
    for (i, s) in p.series.iter().enumerate() {
        let (row, col) = ((i / cols) as i32, (i % cols) as i32);
        let x = 12 + col * col_w;
        let y = 5 + row * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2;
        area.draw(&LegendSample {
            at: (x, y),
            imp: s.imp,
            line: s.line,
            hollow: s.hollow,
        })?;
        area.draw(&Text::new(
            legend_label(s),
            (x + LEGEND_TEXT_X, y),
            style.clone(),
        ))?;
    }
    Ok(())
}

fn draw_series<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<LogAxis, LogAxis>>,
    s: &Series,
    grid: &[f64],
) -> Result<(), BoxError>
where
    DB::ErrorType: 'static,
{
    let style = s.imp.color().stroke_width(2);
    for run in runs(&s.points, grid) {
        if run.len() < 2 {
            continue;
        }
        match s.line {
            Line::Solid => {
                chart.draw_series(LineSeries::new(run, style))?;
            }
            Line::Dashed => {
                chart.draw_series(DashedLineSeries::new(run, 10, 6, style))?;
            }
            Line::Dotted => {
                chart.draw_series(DashedLineSeries::new(run, 3, 5, style))?;
            }
        }
    }
    let (imp, hollow) = (s.imp, s.hollow);
    chart.draw_series(s.points.iter().map(|&at| Marker { at, imp, hollow }))?;
    Ok(())
}

/// The put or get panel (`op` = "put" | "get").
fn size_panel<'a>(m: &Medians, op: &str, title: &'a str) -> Panel<'a> {
    let mut series = Vec::new();
    for imp in m.imps() {
        let metric = |size: u64| match imp {
            Imp::Mpi => format!("{op}_flush_lat_{size}"),
            _ => format!("{op}_lat_{size}"),
        };
        let points: Vec<(f64, f64)> = SIZES
            .iter()
            .filter_map(|&sz| Some((sz as f64, m.get(imp, &metric(sz), SIZE_NP)?)))
            .collect();
        let mut label = match imp {
            Imp::Ours | Imp::Oshmem | Imp::OffNode => format!("{}: shmem_{op}", imp.name()),
            Imp::Mpi => format!("{}: MPI_{} + flush", imp.name(), capitalize(op)),
        };
        if !points.is_empty() && points.len() < SIZES.len() {
            let (have, lack): (Vec<u64>, Vec<u64>) = SIZES
                .iter()
                .partition(|&&sz| points.iter().any(|q| q.0 == sz as f64));
            let list = |v: &[u64]| {
                v.iter()
                    .map(|&sz| fmt_size(sz as f64))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if lack.len() < have.len() {
                label.push_str(&format!(" (no {})", list(&lack)));
            } else {
                label.push_str(&format!(" ({} only)", list(&have)));
            }
        }
        series.push(Series {
            imp,
            label,
            points,
            line: Line::Solid,
            hollow: false,
        });
    }
    Panel {
        title,
        x_desc: "message size (log scale)",
        grid: SIZES.iter().map(|&s| s as f64).collect(),
        x_fmt: fmt_size,
        y_desc: LATENCY_DESC,
        y_fmt: fmt_ns,
        series,
        legend_cols: 2,
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A panel against the PE count: `rows` = (implementation, metric, label, line, hollow).
fn np_panel<'a>(m: &Medians, title: &'a str, rows: &[(Imp, &str, &str, Line, bool)]) -> Panel<'a> {
    let mut nps = BTreeSet::new();
    let mut series = Vec::new();
    let imps = m.imps();
    for &(imp, metric, label, line, hollow) in rows.iter().filter(|r| imps.contains(&r.0)) {
        let points: Vec<(f64, f64)> = m
            .nps(imp, metric)
            .into_iter()
            .filter_map(|np| Some((f64::from(np), m.get(imp, metric, np)?)))
            .collect();
        nps.extend(points.iter().map(|q| q.0 as u32));
        series.push(Series {
            imp,
            label: format!("{}: {label}", imp.name()),
            points,
            line,
            hollow,
        });
    }
    Panel {
        title,
        x_desc: "PEs / ranks (log scale)",
        grid: nps.into_iter().map(f64::from).collect(),
        x_fmt: |v| format!("{}", v.round()),
        y_desc: LATENCY_DESC,
        y_fmt: fmt_ns,
        series,
        legend_cols: 2,
    }
}

/// Splits `text` at spaces into lines no wider than `max_w` pixels in `font`.
fn wrap(
    area: &DrawingArea<BitMapBackend<'_>, Shift>,
    text: &str,
    font: &TextStyle<'_>,
    max_w: u32,
) -> Vec<String> {
    let width = |s: &str| area.estimate_text_size(s, font).map(|d| d.0).unwrap_or(0);
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let cand = if cur.is_empty() {
            word.to_owned()
        } else {
            format!("{cur} {word}")
        };
        if !cur.is_empty() && width(&cand) > max_w {
            lines.push(std::mem::replace(&mut cur, word.to_owned()));
        } else {
            cur = cand;
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

fn load_font(flag: Option<PathBuf>) -> Result<PathBuf, BoxError> {
    if let Some(p) = flag {
        return Ok(p);
    }
    if let Some(p) = std::env::var_os(FONT_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    FONT_CANDIDATES
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .ok_or_else(|| {
            format!(
                "no TrueType font found (looked at {}); install DejaVu Sans (Debian/Ubuntu: \
                 apt-get install fonts-dejavu-core) or name a .ttf with --font PATH or ${FONT_ENV}",
                FONT_CANDIDATES.join(", ")
            )
            .into()
        })
}

fn register(path: &Path, style: FontStyle) -> Result<(), BoxError> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read font {}: {e}", path.display()))?;
    // plotters keeps the font for the whole run: leak it (once per style).
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font(FONT, style, bytes)
        .map_err(|_| format!("{}: not a usable TrueType/OpenType font", path.display()).into())
}

struct Args {
    medians: PathBuf,
    out: PathBuf,
    note: Option<String>,
    font: Option<PathBuf>,
    windows: bool,
    title: Option<String>,
}

const USAGE: &str =
    "usage: plot MEDIANS_TSV OUT_PNG [--windows] [--title TEXT] [--title-note TEXT] [--font TTF]";

const DEFAULT_TITLE: &str =
    "shmem vs Open MPI OSHMEM vs MPI-3 one-sided: latency, median over rounds";
const WINDOWS_TITLE: &str =
    "RMA windows, shmem vs Open MPI MPI-3 one-sided (osc sm): median over rounds";

fn parse_args() -> Result<Args, BoxError> {
    let mut pos = Vec::new();
    let (mut note, mut font, mut windows, mut title) = (None, None, false, None);
    let mut it = std::env::args_os().skip(1);
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--title-note") => {
                let v = it.next().ok_or("--title-note needs a value")?;
                note = Some(v.to_string_lossy().into_owned());
            }
            Some("--windows") => windows = true,
            Some("--title") => {
                let v = it.next().ok_or("--title needs a value")?;
                title = Some(v.to_string_lossy().into_owned());
            }
            Some("--font") => font = Some(PathBuf::from(it.next().ok_or("--font needs a value")?)),
            Some("-h" | "--help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Some(s) if s.starts_with("--") => return Err(format!("unknown option {s}").into()),
            _ => pos.push(PathBuf::from(a)),
        }
    }
    let [medians, out]: [PathBuf; 2] = pos.try_into().map_err(|_| USAGE)?;
    Ok(Args {
        medians,
        out,
        note,
        font,
        windows,
        title,
    })
}

fn run() -> Result<(), BoxError> {
    let args = parse_args()?;
    let font = load_font(args.font)?;
    register(&font, FontStyle::Normal)?;
    // The bold face next to the regular one, if there (else plotters falls back to normal).
    if let Some(name) = font.file_name().and_then(|n| n.to_str()) {
        let bold = font.with_file_name(name.replace(".ttf", "-Bold.ttf"));
        if bold != font && bold.is_file() {
            register(&bold, FontStyle::Bold)?;
        }
    }
    let m = Medians::read(&args.medians)?;
    let (title, mut panels) = if args.windows {
        (WINDOWS_TITLE, windows_panels(&m))
    } else {
        (DEFAULT_TITLE, default_panels(&m))
    };
    let title = args.title.as_deref().unwrap_or(title);

    let root = BitMapBackend::new(&args.out, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let title_font = FontDesc::new(FONT.into(), 32.0, FontStyle::Bold);
    let note_font = (FONT, 18)
        .into_font()
        .color(&RGBColor(0x44, 0x44, 0x44))
        .pos(Pos::new(HPos::Center, VPos::Top));
    let note_lines = match &args.note {
        Some(n) if !n.trim().is_empty() => wrap(&root, n.trim(), &note_font, WIDTH - 80),
        _ => Vec::new(),
    };
    let center = Pos::new(HPos::Center, VPos::Top);
    let mut y = 14;
    root.draw(&Text::new(
        title,
        ((WIDTH / 2) as i32, y),
        title_font.color(&BLACK).pos(center),
    ))?;
    y += 44;
    for line in &note_lines {
        root.draw(&Text::new(
            line.as_str(),
            ((WIDTH / 2) as i32, y),
            note_font.clone(),
        ))?;
        y += 25;
    }
    let (_, body) = root.split_vertically(y + 8);
    let areas = panel_areas(&body, panels.len());
    let legend_w = (areas[0].dim_in_pixel().0 - 2 * LEGEND_SIDE) as i32;
    let font = legend_font();
    let text_w = |t: &str| {
        root.estimate_text_size(t, &font)
            .map_or(i32::MAX / 4, |d| d.0 as i32)
    };
    for panel in &mut panels {
        panel.legend_cols = legend_cols(panel, legend_w, text_w);
    }
    for (i, (area, panel)) in areas.iter().zip(panels.iter()).enumerate() {
        // the same legend height for both panels of a row, so that their axes line up
        let row = &panels[i / 2 * 2..(i / 2 * 2 + 2).min(panels.len())];
        let rows = row.iter().map(legend_rows).max().unwrap_or(1);
        draw_panel(area, panel, rows)?;
    }
    root.present()
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    eprintln!("plot: wrote {}", args.out.display());
    Ok(())
}

/// The default figure: put and get latency vs message size, barrier and reduction latency
/// vs PE count.
fn default_panels(m: &Medians) -> Vec<Panel<'static>> {
    vec![
        size_panel(m, "put", "(a) put latency vs message size, 2 PEs"),
        size_panel(m, "get", "(b) get latency vs message size, 2 PEs"),
        np_panel(
            m,
            "(c) barrier latency vs PE count",
            &[
                (Imp::Ours, "barrier_lat", "barrier_all", Line::Solid, false),
                (
                    Imp::Oshmem,
                    "barrier_lat",
                    "shmem_barrier_all",
                    Line::Solid,
                    false,
                ),
                (Imp::Mpi, "barrier_lat", "MPI_Barrier", Line::Solid, false),
                (
                    Imp::OffNode,
                    "barrier_lat",
                    "barrier_all",
                    Line::Solid,
                    false,
                ),
            ],
        ),
        np_panel(
            m,
            "(d) reduction latency vs PE count",
            &[
                (
                    Imp::Ours,
                    "or_to_all_lat_1",
                    "or_to_all, 1 long",
                    Line::Solid,
                    false,
                ),
                (
                    Imp::Oshmem,
                    "or_to_all_lat_1",
                    "or_to_all, 1 long",
                    Line::Solid,
                    false,
                ),
                (
                    Imp::Ours,
                    "or_to_all_lat_1024",
                    "or_to_all, 1024 longs",
                    Line::Dashed,
                    true,
                ),
                (
                    Imp::Oshmem,
                    "or_to_all_lat_1024",
                    "or_to_all, 1024 longs",
                    Line::Dashed,
                    true,
                ),
                (
                    Imp::Ours,
                    "sum_to_all_lat_1024",
                    "sum_to_all, 1024 longs",
                    Line::Dotted,
                    true,
                ),
                (
                    Imp::Oshmem,
                    "sum_to_all_lat_1024",
                    "sum_to_all, 1024 longs",
                    Line::Dotted,
                    true,
                ),
                (
                    Imp::Ours,
                    "team_or_reduce_lat_1",
                    "team or_reduce, 1 long (back to back)",
                    Line::Solid,
                    true,
                ),
                (
                    Imp::Mpi,
                    "allreduce_bor_1_lat",
                    "MPI_Allreduce BOR, 1 int64",
                    Line::Solid,
                    false,
                ),
                (
                    Imp::OffNode,
                    "or_to_all_lat_1",
                    "or_to_all, 1 long",
                    Line::Solid,
                    false,
                ),
            ],
        ),
    ]
}

/// A row drawn for ours and for MPI one-sided alike (the MPI row has the same name).
fn ours_and_mpi(
    metric: &'static str,
    label: &'static str,
    line: Line,
    hollow: bool,
) -> [(Imp, &'static str, &'static str, Line, bool); 2] {
    [
        (Imp::Ours, metric, label, line, hollow),
        (Imp::Mpi, metric, label, line, hollow),
    ]
}

/// The `--windows` figure: the RMA window rows, ours vs MPI-3 one-sided, against the PE
/// count; the layout panel (ours only) only when its rows are in the file.
fn windows_panels(m: &Medians) -> Vec<Panel<'static>> {
    let mut contended = np_panel(
        m,
        "(c) contended exclusive lock (higher is better)",
        &ours_and_mpi(
            "win_lock_contended_ops_per_s",
            "lock, get, put, unlock (all PEs)",
            Line::Solid,
            false,
        ),
    );
    contended.y_desc = RATE_DESC;
    contended.y_fmt = fmt_rate;
    let mut panels = vec![
        np_panel(
            m,
            "(a) passive-target epoch: lock, put, unlock",
            &[
                ours_and_mpi("win_lock_excl_lat", "exclusive lock", Line::Solid, false),
                ours_and_mpi("win_lock_shared_lat", "shared lock", Line::Dashed, true),
            ]
            .concat(),
        ),
        np_panel(
            m,
            "(b) accumulate, fence and PSCW epoch latency",
            &[
                ours_and_mpi(
                    "accumulate_sum_1024_lat",
                    "accumulate Sum, 1024 x i64",
                    Line::Solid,
                    false,
                ),
                ours_and_mpi("fence_epoch_lat", "fence epoch, 1 put", Line::Dashed, true),
                ours_and_mpi("pscw_epoch_lat", "PSCW epoch, 1 put", Line::Dotted, true),
            ]
            .concat(),
        ),
        contended,
    ];
    let layout_rows = ["layout_put_first_lat", "layout_put_reuse_lat"];
    if layout_rows.iter().any(|r| !m.nps(Imp::Ours, r).is_empty()) {
        panels.push(np_panel(
            m,
            "(d) strided put + flush: layout first use vs reuse",
            &[
                (
                    Imp::Ours,
                    layout_rows[0],
                    "layouts built for every put",
                    Line::Solid,
                    false,
                ),
                (
                    Imp::Ours,
                    layout_rows[1],
                    "layouts built once, reused",
                    Line::Dashed,
                    true,
                ),
            ],
        ));
    }
    panels
}

/// Areas for `n` panels, two a row; an odd last panel is centred in its row.
fn panel_areas<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    n: usize,
) -> Vec<DrawingArea<DB, Shift>> {
    let nrows = n.div_ceil(2).max(1);
    let mut areas = body.split_evenly((nrows, 2));
    areas.truncate(n);
    if n % 2 == 1 {
        let row = body.split_evenly((nrows, 1)).swap_remove(nrows - 1);
        let (row_w, w) = (row.dim_in_pixel().0, areas[0].dim_in_pixel().0);
        let (_, right) = row.split_horizontally(((row_w - w) / 2) as i32);
        areas[n - 1] = right.split_horizontally(w as i32).0;
    }
    areas
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plot: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_times_format() {
        assert_eq!(fmt_size(8.0), "8 B");
        assert_eq!(fmt_size(4096.0), "4 KiB");
        assert_eq!(fmt_size(1_048_576.0), "1 MiB");
        assert_eq!(fmt_ns(20.0), "20 ns");
        assert_eq!(fmt_ns(1500.0), "1.5 µs");
        assert_eq!(fmt_ns(2e6), "2 ms");
        assert_eq!(fmt_rate(5_005_888.0), "5.01 M/s");
        assert_eq!(fmt_rate(200_000.0), "200 k/s");
    }

    #[test]
    fn runs_break_at_gaps() {
        let grid = [8.0, 64.0, 4096.0, 65536.0];
        let r = runs(&[(8.0, 1.0), (64.0, 2.0), (65536.0, 3.0)], &grid);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].len(), 2);
        assert_eq!(r[1], vec![(65536.0, 3.0)]);
    }

    #[test]
    fn ticks_cover_range() {
        let (bold, light) = log_ticks(15.0, 900.0);
        assert_eq!(bold, vec![20.0, 50.0, 100.0, 200.0, 500.0]);
        assert!(light.len() > bold.len());
        // a narrow range: every 1..9 x 10^k labelled
        let (bold, _) = log_ticks(23.8, 91.0);
        assert_eq!(bold, vec![30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0]);
    }
}
