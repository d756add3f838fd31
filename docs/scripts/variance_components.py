#!/usr/bin/env python3
# Usage: python3 variance_components.py DIR/runs/NAME...  (runs of a bench power series --out DIR; a slowed path's
# cells are left out of its run; needs scipy). Used for docs/findings-2026-11-26-verdicts.md.
"""Variance components of log rates over runs (repeats, cell x run, path x run, run) from per-run result dirs,
and the smallest path drop a gate with K baseline runs could show 9 times in 10 (Bonferroni over paths)."""
import json, math, os, re, sys, glob, statistics as st
from scipy import stats

def headline(d, case):
    # the phase the gate ranks (starred in the baseline's parity): the consume of c5, c6 (after their fill), else the first
    ph = d['phases'][1 if case in ('c5', 'c6') else 0]
    return ph['rate']['overall'] if ph.get('rate') else None

def load(run_dir, skip_path=None):
    cells = {}
    for f in glob.glob(os.path.join(run_dir, '*__r*.json')):
        m = re.match(r'(.+)__(.+)__(.+)__r(\d+)\.json', os.path.basename(f))
        if not m: continue
        broker, path, case, r = m.groups()
        if path == skip_path: continue
        d = json.load(open(f))
        v = headline(d, case)
        if v: cells.setdefault((broker, path, case), []).append(math.log(v))
    return cells

runs = []
for arg in sys.argv[1:]:
    name = os.path.basename(arg.rstrip('/'))
    # the path a run slowed, from the series' power.json (DIR/runs/NAME -> DIR/power.json); its cells are left out
    series = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(arg))), 'power.json')
    skip = None
    if os.path.exists(series):
        for t in json.load(open(series))['trials']:
            if t['plan']['name'] == name and t['plan'].get('slowdown'):
                skip = t['plan']['slowdown']['path']
    runs.append((name, load(arg, skip)))

keys = sorted(set.intersection(*[set(c) for _, c in runs]) if runs else [])
# within-run repeat variance, pooled
ws = [st.variance(c[k]) for _, c in runs for k in c if len(c[k]) > 1]
sw2 = st.mean(ws); n_rep = 3
# cell-run means, centred per cell over runs (only runs that have the cell)
allkeys = sorted(set(k for _, c in runs for k in c))
resid = {}  # (run, key) -> residual
for k in allkeys:
    have = [(n, st.mean(c[k])) for n, c in runs if k in c]
    if len(have) < 2: continue
    mu = st.mean(v for _, v in have)
    for n, v in have: resid[(n, k)] = v - mu
# remove each run's matrix shift (median of its cells' residuals)
shift = {n: st.median([v for (rn, k), v in resid.items() if rn == n]) for n, _ in runs}
r2 = {(n, k): v - shift[n] for (n, k), v in resid.items()}
paths = sorted(set((k[0], k[1]) for k in allkeys))
# path x run effect: mean over the path's cells
pe, cell_dev = [], []
for n, _ in runs:
    for p in paths:
        vs = [v for (rn, k), v in r2.items() if rn == n and (k[0], k[1]) == p]
        if not vs: continue
        m = st.mean(vs); pe.append((len(vs), m))
        cell_dev += [v - m for v in vs]
R = len(runs)
# cell x run variance (after path): cell deviations from their path mean, minus the repeats' part
s_cell_obs = st.variance(cell_dev) if len(cell_dev) > 1 else 0
s_cell = max(0.0, s_cell_obs * 1.0 - sw2 / n_rep)
m_cells = st.mean(n for n, _ in pe)
s_path_obs = st.mean(m * m for _, m in pe) * R / max(1, R - 1)
s_path = max(0.0, s_path_obs - (s_cell + sw2 / n_rep) / m_cells)
print(f"runs {R}, cells {len(allkeys)}, paths {len(paths)}")
print(f"sd repeats (log) {math.sqrt(sw2):.3f}; sd cell x run {math.sqrt(s_cell):.3f}; sd path x run {math.sqrt(s_path):.3f};"
      f" matrix shifts {', '.join(f'{math.exp(v):.3f}' for v in shift.values())}")
alpha = 0.05 / len(paths)
for K in (2, 3, 5, 10, 20):
    v_one = s_path + (s_cell + sw2 / n_rep) / m_cells
    V = v_one * (1 + 1 / K)
    df = 1000  # variance parts known (estimated from all runs here)
    dfK = max(1, K - 1) * len(paths)  # what a K-run baseline alone gives for the path part (pooled over paths)
    for label, d in (('known', df), ('K-run baseline', dfK)):
        z = stats.t.ppf(1 - alpha / 2, d) + stats.t.ppf(0.9, d)
        print(f"K={K:2d} {label:15s}: smallest path drop shown 9 in 10 = {1 - math.exp(-z * math.sqrt(V)):.1%}")
# per path: the repeats' spread, and repeats per cell a 10 % drop would need (baseline of 10 runs, parts known)
z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(0.9)
target = (-math.log(0.9) / z) ** 2 / (1 + 1 / 10)
for p in paths:
    vs = [st.variance(c[k]) for _, c in runs for k in c if (k[0], k[1]) == p and len(c[k]) > 1]
    m = len(set(k for _, c in runs for k in c if (k[0], k[1]) == p))
    s2 = st.mean(vs)
    n = math.ceil(s2 / m / max(1e-12, target - s_path - s_cell / m))
    print(f"{p[0]} / {p[1]}: {m} cells, sd of a repeat (log) {math.sqrt(s2):.3f}; repeats per cell for a 10 % drop"
          f" 9 in 10: {n}")
n_all = math.ceil(sw2 / m_cells / max(1e-12, target - s_path - s_cell / m_cells))
print(f"pooled: repeats per cell for a 10 % drop 9 in 10 (baseline of 10 runs): {n_all}")
