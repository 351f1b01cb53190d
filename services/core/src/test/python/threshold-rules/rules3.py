from rules2 import *
def feasible(k, vals):
    t = sorted(v for v,y,_ in vals if y); n = sorted(v for v,y,_ in vals if not y)
    return t[int(0.01*len(t))] > (n[-1] if n else 0)
def ev2(rule, name):
    ms = []; ok = 0; tot = 0; worst = None; persite = {}
    for k, vals in runs.items():
        if not feasible(k, vals): continue
        sims = [v for v,_,_ in vals]; tau = rule(sims, k)
        t = sorted(v for v,y,_ in vals if y); n = sorted(v for v,y,_ in vals if not y)
        t99 = t[int(0.01*len(t))]; maxd = n[-1] if n else 0
        m = min(t99 - tau, tau - maxd)
        tot += 1; ok += m > 0
        if worst is None or m < worst[0]: worst = (m, k)
        p = persite.setdefault(k[0][:8], [0,0,9]); p[0]+=m>0; p[1]+=1; p[2]=min(p[2],m)
    print(f"{name:26} feasible runs passed {ok}/{tot} worst margin {worst[0]:+.4f} ({worst[1][0]} {worst[1][1][-30:]}) | " + ' '.join(f"{s} {a}/{b} {c:+.3f}" for s,(a,b,c) in persite.items()))
ev2(lambda v,k: 0.879, 'fixed 0.879')
ev2(lambda v,k: 0.86, 'fixed 0.86')
ev2(lambda v,k: 0.85, 'fixed 0.85')
for lo in (0.7, 0.75, 0.8):
    ev2(lambda v,k,lo=lo: gap_rule(v, lo), f'gap lo={lo}')
ev2(lambda v,k: top_cluster(v, 0.02), 'topcluster g=0.02')
for lo,hi in ((0.75,0.95),(0.8,0.95),(0.8,0.9)):
    ev2(lambda v,k,lo=lo,hi=hi: gap_rule(v, lo, hi), f'gap in [{lo},{hi}]')
