#!/usr/bin/env bash
# compare.sh TAG SCENARIO ARGS...: base vs new outputs (flows.csv, queues.csv, summary.json minus wall/rss and checks.pacing)
set -u
tag=$1; sc=$2; shift 2
B=/work/wt-base/bin/dcqcn-sim-base; N=/work/wt-net/build/dcqcn-sim
D=/tmp/cmpruns/$tag; rm -rf $D; mkdir -p $D
SC=/work/wt-base/systemc/scenarios/$sc.yaml
/usr/bin/time -f %e -o $D/base.t $B run $SC --quiet --out $D/base "$@" > $D/base.out 2> $D/base.err; rb=$?
/usr/bin/time -f %e -o $D/new.t $N run $SC --quiet --out $D/new "$@" > $D/new.out 2> $D/new.err; rn=$?
ok=1
for f in flows.csv queues.csv; do cmp -s $D/base/$f $D/new/$f || { echo "$tag: $f DIFFERS"; ok=0; }; done
python3 - $D <<'PY' || ok=0
import json,sys
d=sys.argv[1]
a=json.load(open(d+'/base/summary.json')); b=json.load(open(d+'/new/summary.json'))
p=b['checks'].pop('pacing'); a['checks'].pop('ok'); b['checks'].pop('ok')
for x in (a,b):
    for k in ('wall_s','packets_per_wall_s','peak_rss_kb','file'): x.pop(k,None)
if a!=b:
    print(d, 'summary differs'); sys.exit(1)
print(d.split('/')[-1], 'pacing', json.dumps(p))
PY
echo "$tag: rc base=$rb new=$rn identical=$ok wall base=$(cat $D/base.t) new=$(cat $D/new.t) rows=$(wc -l < $D/new/flows.csv)"
