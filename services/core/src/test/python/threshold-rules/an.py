import csv, collections, sys
d = sys.argv[1] if len(sys.argv)>1 else 'dev'
runs = collections.OrderedDict()
for r in csv.DictReader(open(d+'/sims.csv')):
    runs.setdefault((r['site'], r['sample']), []).append((float(r['sim']), r['target']=='1', r['path']))
feats = {(r['site'], r['sample']): r for r in csv.DictReader(open(d+'/samples.csv'))}
def stats(vals):
    t = sorted(v for v, y, _ in vals if y); n = sorted(v for v, y, _ in vals if not y)
    t99 = t[int(0.01*len(t))]
    return t, n, t99
if __name__ == '__main__':
    for k, vals in runs.items():
        t, n, t99 = stats(vals)
        maxd = n[-1] if n else 0
        tau = 0.879
        tp = sum(1 for v in t if v >= tau); fp = sum(1 for v in n if v >= tau)
        f = feats[k]
        print(f"{k[0][:14]:14} {k[1][-38:]:38} n={len(t):4}/{len(n):4} minT {t[0]:.3f} t99 {t99:.3f} med {t[len(t)//2]:.3f} maxD {maxd:.3f} gap {t99-maxd:+.3f}  P {tp/max(1,tp+fp):.3f} R {tp/len(t):.3f}  paths {f['paths']} rep {float(f['repeatedShare']):.2f} pert.1/3 {float(f['mean_p0.10_d3']):.3f}")
