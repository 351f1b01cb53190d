import rules, collections
from rules2 import top_cluster, gap_rule
rules.runs = rules.load('pg')
import rules3
from rules3 import ev2
rules3.runs = rules.runs
import rules2; rules2.runs = rules.runs
for k, vals in rules.runs.items():
    t = sorted(v for v,y,_ in vals if y); n = sorted(v for v,y,_ in vals if not y)
    sims=[v for v,_,_ in vals]
    for name, tau in (('fixed', 0.879), ('gap0.8', gap_rule(sims, 0.8)), ('top0.02', top_cluster(sims, 0.02))):
        tp=sum(v>=tau for v in t); fp=sum(v>=tau for v in n)
        print(f"{k[1]:34} {name:8} τ {tau:.3f} P {tp/max(1,tp+fp):.3f} R {tp/len(t):.3f}  t99 {t[int(0.01*len(t))]:.3f} maxD {n[-1]:.3f}")
