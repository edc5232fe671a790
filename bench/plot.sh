#!/usr/bin/env bash
# Draw the medians of a bench/compare.sh run into a PNG (four panels: put and
# get latency vs message size at 2 PEs, barrier and reduction latency vs PE
# count; ours vs Open MPI OSHMEM vs MPI-3 one-sided, plus ours over the MPI
# transport off-node when compare.sh --mpi measured it). With --windows: the RMA
# window rows instead, ours vs MPI-3 one-sided (osc sm) against the PE count:
# passive-target lock epoch latency (exclusive, shared); accumulate, fence and
# PSCW epoch latency; contended lock throughput; and, when measured, our layout
# put first use vs reuse.
#
# Usage: bench/plot.sh [--windows | --hosts] OUT_DIR [OUT_PNG]
#   --windows  draw the windows figure (first argument only)
#   --hosts    draw the default figure's four panels from the two-host harnesses of
#              `compare.sh --mpi --hosts 2` (ours2h, oshmem2h, mpi2h: ours over the MPI transport,
#              OSHMEM over UCX/TCP and raw MPI one-sided across two hosts faked on this machine),
#              default OUT_PNG docs/perf-hosts.png (first argument only)
#   OUT_DIR    a COMPARE_OUT_DIR of bench/compare.sh; its medians.tsv is plotted
#              (made with bench/compare.py from the raw outputs if absent)
#   OUT_PNG    default: docs/perf.png in this repository (with --windows:
#              docs/perf-windows.png)
#
# Builds and runs the standalone crate bench/plot (release, --locked; it is
# not a member of the root workspace). The note under the title gives the
# date of the runs and the compare.sh settings (from medians.tsv's comments),
# this machine (nproc, CPU model from lscpu) and the command that regenerates
# the data and the plot. Text is drawn with DejaVu Sans (Debian:
# fonts-dejavu-core); SHMEM_PLOT_FONT=/path/to/font.ttf picks another font.
#
# Full regeneration (a few minutes; the machine should be idle):
#   COMPARE_OUT_DIR=bench/results bench/compare.sh [--mpi] REFERENCE_DIR && bench/plot.sh bench/results
#   (windows: ... && bench/plot.sh --windows bench/results)
#
# Exit status: 0 = PNG written; 1 = plotting failed; 2 = usage, missing data
# or build failure.
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

windows=0
hosts=0
if [ "${1:-}" = "--windows" ]; then
    windows=1
    shift
elif [ "${1:-}" = "--hosts" ]; then
    hosts=1
    shift
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bench/plot.sh [--windows | --hosts] OUT_DIR [OUT_PNG]   (OUT_DIR: a COMPARE_OUT_DIR of bench/compare.sh)" >&2
    exit 2
fi
[ -d "$1" ] || { echo "plot.sh: $1: not a directory" >&2; exit 2; }
dir="$(cd "$1" && pwd)"
default_png="$root/docs/perf.png"
[ "$windows" = 1 ] && default_png="$root/docs/perf-windows.png"
[ "$hosts" = 1 ] && default_png="$root/docs/perf-hosts.png"
png="${2:-$default_png}"
case "$png" in /*) ;; *) png="$PWD/$png" ;; esac
case "$png" in *.png) ;; *) echo "plot.sh: $png: the output must end in .png" >&2; exit 2 ;; esac
mkdir -p "$(dirname "$png")" || exit 2

med="$dir/medians.tsv"
if [ ! -r "$med" ]; then
    if ls "$dir"/ours.*.tsv "$dir"/ours2h.*.tsv >/dev/null 2>&1; then
        echo "plot.sh: $med absent; making it with bench/compare.py" >&2
        python3 "$here/compare.py" "$dir" >/dev/null || exit 2
    fi
    [ -r "$med" ] || {
        echo "plot.sh: $med not found; run COMPARE_OUT_DIR=$1 bench/compare.sh REFERENCE_DIR first" >&2
        exit 2
    }
fi

# --- title note: runs' date, compare.sh settings, machine, command ----------
first_run="$(sed -n 's/^# bench\/compare\.py medians.*; runs: \([0-9T:-]*Z\) \.\. .*/\1/p' "$med" | head -1)"
last_run="$(sed -n 's/^# bench\/compare\.py medians.*; runs: [0-9T:-]*Z \.\. \([0-9T:-]*Z\);.*/\1/p' "$med" | head -1)"
if [ -n "$first_run" ]; then
    when="${first_run%%T*} $(echo "${first_run#*T}" | cut -c1-5)"
    if [ -n "$last_run" ] && [ "$last_run" != "$first_run" ]; then
        end_hm="$(echo "${last_run#*T}" | cut -c1-5)"
        if [ "${last_run%%T*}" = "${first_run%%T*}" ]; then
            [ "$end_hm" != "$(echo "${first_run#*T}" | cut -c1-5)" ] && when="$when-$end_hm"
        else
            when="$when - ${last_run%%T*} $end_hm"
        fi
    fi
    when="$when UTC"
else
    when="date unknown"
fi
rounds="$(sed -n 's/^# bench\/compare\.sh: [^;]*; \([0-9]*\) round(s);.*/\1/p' "$med" | head -1)"
scale="$(sed -n 's/^# bench\/compare\.sh: .*; scale: \([^;]*\)$/\1/p' "$med" | head -1)"
git="$(sed -n 's/^# shmem-bench run\.sh: .*; git: \([0-9a-f]*\).*/\1/p' "$med" | head -1)"
cpu="$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
machine="$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN) CPUs${cpu:+, $cpu}"

rel="${dir#"$root"/}"
env_part=""
[ -n "$rounds" ] && [ "$rounds" != 3 ] && env_part="COMPARE_ROUNDS=$rounds "
[ -n "$scale" ] && [ "$scale" != 1 ] && env_part="${env_part}SHMEM_BENCH_SCALE=$scale "
mpi_flag=""
grep -q '^offnode	' "$med" && mpi_flag="--mpi "
[ "$hosts" = 1 ] && mpi_flag="--mpi --hosts 2 "
plot_flag=""
[ "$windows" = 1 ] && plot_flag="--windows "
[ "$hosts" = 1 ] && plot_flag="--hosts "
command="${env_part}COMPARE_OUT_DIR=$rel bench/compare.sh ${mpi_flag}REFERENCE_DIR && bench/plot.sh ${plot_flag}$rel"
note="measured $when"
[ -n "$rounds" ] && note="$note, $rounds round(s)"
[ -n "$scale" ] && [ "$scale" != 1 ] && note="$note, iteration scale $scale (smoke test, not comparable)"
[ -n "$git" ] && note="$note, ours at git $git"
note="$note; machine: $machine; command: $command"

# --- build and draw ----------------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/shmem-plot.XXXXXX")" || exit 2
trap 'rm -rf "$tmp"' EXIT
title=()
wflag=""
[ "$windows" = 1 ] && wflag="--windows"
if [ "$hosts" = 1 ]; then
    # the two-host harnesses under the names the figure draws (the others left out)
    awk -F'\t' 'BEGIN { OFS = "\t" }
        /^#/ { print; next }
        $1 == "ours2h" || $1 == "oshmem2h" || $1 == "mpi2h" { sub(/2h$/, "", $1); print }' \
        "$med" >"$tmp/medians.tsv"
    grep -q '^ours	' "$tmp/medians.tsv" || {
        echo "plot.sh: $med has no two-host rows (ours2h); run compare.sh --mpi --hosts 2 first" >&2
        exit 2
    }
    med="$tmp/medians.tsv"
    osc="$(sed -n 's/.*raw MPI osc \([^ ]*\), OSHMEM.*/\1/p' "$med" | head -1)"
    title=(--title "Two hosts over TCP: shmem (MPI) vs OSHMEM (UCX) vs MPI one-sided (osc ${osc:-?})")
fi
echo "plot.sh: building bench/plot (release) and drawing $png" >&2
# from the repository root, so that its rust-toolchain.toml applies
(cd "$root" && cargo run --quiet --release --locked --manifest-path bench/plot/Cargo.toml -- \
    "$med" "$tmp/perf.png" ${wflag} "${title[@]}" --title-note "$note")
rc=$?
if [ "$rc" -ne 0 ] || [ ! -s "$tmp/perf.png" ]; then
    echo "plot.sh: plotting failed (exit status $rc)" >&2
    exit 1
fi
mv -f "$tmp/perf.png" "$png" || exit 1
echo "plot.sh: wrote $png" >&2
exit 0
