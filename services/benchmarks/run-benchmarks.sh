#!/bin/bash
# Runs the JMH benchmarks with a record of the machine: docs/benchmarks.md.
# usage (from the repository root): services/benchmarks/run-benchmarks.sh OUT_PREFIX [JMH options...]
# writes OUT_PREFIX.log (machine, java -version, load average before/after, JMH output), OUT_PREFIX.json
# (JMH results) and OUT_PREFIX.load (1/5/15-minute load average every 10 s during the run).
# BENCHMARKS_JAR=PATH runs another build's jar (an older commit's, for a before/after comparison).
out=$1; shift
jar=${BENCHMARKS_JAR:-services/benchmarks/target/benchmarks.jar}
cd "$(dirname "$0")/../.." || exit 1   # the repository root
{
  echo "## date: $(date -u +%FT%TZ)"
  echo "## nproc: $(nproc)"
  echo "## cpu: $(grep -m1 'model name' /proc/cpuinfo)"
  echo "## mem: $(free -g | awk '/Mem:/{print $2" GiB"}')"
  echo "## java -version:"; java -version 2>&1 | sed 's/^/##   /'
  echo "## uptime before: $(uptime)"
  echo "## command: java -jar $jar -rf json -rff $out.json $*"
} > $out.log
(while sleep 10; do echo "$(date -u +%T) $(cut -d" " -f1-3 /proc/loadavg)"; done) > $out.load &
sampler=$!
java -jar "$jar" -rf json -rff $out.json "$@" >> $out.log 2>&1
rc=$?
kill $sampler
echo "## exit: $rc" >> $out.log
echo "## uptime after: $(uptime)" >> $out.log
