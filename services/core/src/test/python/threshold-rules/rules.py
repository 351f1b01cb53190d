import csv, collections, sys, math
def load(d):
    runs = collections.OrderedDict()
    for r in csv.DictReader(open(d+'/sims.csv')):
        runs.setdefault((r['site'], r['sample']), []).append((float(r['sim']), r['target']=='1', r['path']))
    return runs
runs = collections.OrderedDict((k,v) for k,v in load('dev').items() if not k[0].split('-')[0] in ('sfml','rust','python'))
for k,v in load('dir').items(): runs[k]=v
def gap_rule(vals, lo=0.5, hi=1.0, minsep=0.0):
    s = sorted(v for v in vals if lo <= v <= hi)
    s = [lo] + s
    best, tau = -1, 0.879
    for a, b in zip(s, s[1:]):
        if b - a > best: best, tau = b - a, (a + b) / 2
    return tau
def otsu(vals, lo=0.5):
    s = sorted(v for v in vals if v >= lo)
    if len(s) < 2: return 0.879
    n = len(s); pre = [0]
    for v in s: pre.append(pre[-1]+v)
    best, tau = -1, 0.879
    for i in range(1, n):
        w0, w1 = i/n, (n-i)/n
        m0, m1 = pre[i]/i, (pre[n]-pre[i])/(n-i)
        b = w0*w1*(m0-m1)**2
        if b > best: best, tau = b, (s[i-1]+s[i])/2
    return tau
def evaluate(rule, name, sel=None, verbose=False):
    per = collections.OrderedDict()
    for k, vals in runs.items():
        if sel and not sel(k[0]): continue
        sims = [v for v,_,_ in vals]
        tau = rule(sims, k)
        t = sorted(v for v,y,_ in vals if y); n = sorted(v for v,y,_ in vals if not y)
        t99 = t[int(0.01*len(t))]; maxd = n[-1] if n else 0
        m = min(t99 - tau, tau - maxd) if tau <= t99 else t99 - tau
        tp = sum(v>=tau for v in t); fp = sum(v>=tau for v in n)
        ok = fp == 0 and tp/len(t) >= 0.99
        s = per.setdefault(k[0], [9, 0, 0, 9, 0])
        s[0] = min(s[0], m); s[1] += ok; s[2] += 1; s[3]=min(s[3],tau); s[4]=max(s[4],tau)
    out = ' '.join(f"{site[:10]} {s[1]}/{s[2]} {s[0]:+.3f} [{s[3]:.3f},{s[4]:.3f}]" for site, s in per.items())
    passed = sum(s[1] for s in per.values()); total = sum(s[2] for s in per.values())
    worst = min(s[0] for s in per.values())
    print(f"{name:28} pass {passed}/{total} worst {worst:+.3f} | {out}")
if __name__ == '__main__':
    sep = lambda s: not s.startswith('python') and not s.startswith('sfml')
    for sel, title in ((None, 'ALL'), (sep, 'SEPARABLE')):
        print('==', title)
        evaluate(lambda v,k: 0.879, 'fixed 0.879', sel)
        for lo in (0.3, 0.5, 0.6, 0.7, 0.75, 0.8):
            evaluate(lambda v,k,lo=lo: gap_rule(v, lo), f'gap lo={lo}', sel)
        for lo in (0.3, 0.5, 0.7):
            evaluate(lambda v,k,lo=lo: otsu(v, lo), f'otsu lo={lo}', sel)
