from rules import *
import math
def top_cluster(vals, g, lo=0.5):
    s = sorted((v for v in vals if v >= lo), reverse=True)
    if not s: return 0.879
    for a, b in zip(s, s[1:]):
        if a - b > g: return (a + b) / 2
    return (s[-1] + lo) / 2 if s[-1] - lo > g else lo
def loggap(vals, lo=0.7):
    s = sorted(v for v in vals if lo <= v < 1)
    s = [lo] + s
    best, tau = -1, 0.879
    for a, b in zip(s, s[1:]):
        gg = math.log((1-a)/(1-b)) if b < 1 else 0
        if gg > best: best, tau = gg, (a + b) / 2
    return tau
sep = lambda s: not s.startswith('python') and not s.startswith('sfml')
evaluate(lambda v,k: 0.879, 'fixed 0.879', sep)
for lo in (0.7, 0.75, 0.8):
    evaluate(lambda v,k,lo=lo: gap_rule(v, lo), f'gap lo={lo}', sep)
for lo in (0.6, 0.7, 0.8):
    evaluate(lambda v,k,lo=lo: loggap(v, lo), f'loggap lo={lo}', sep)
for g in (0.005, 0.01, 0.015, 0.02, 0.03, 0.05):
    evaluate(lambda v,k,g=g: top_cluster(v, g), f'topcluster g={g}', sep)
