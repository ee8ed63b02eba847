#!/usr/bin/env bash
# Writes a Leela Zero network whose every weight is zero (version 1 text format, as the weights section of
# Leela Zero's README describes it: one line per row of coefficients, the residual tower first, then the policy
# head, then the value head). Its policy is uniform and its value even, so Leela Zero answers quickly and plays
# by search alone; the suite asks it about the rules, never for a good move.
#
#   runner/engines/leela-zero-network.sh [OUT]   (default: target/leela-zero/zero-weights.txt)
#
# Layout for F filters and one residual block on 19x19 (18 input planes, 361 points, 362 moves):
#   input convolution: 18*F*9 weights, F biases, F batchnorm means, F variances
#   residual block: two convolutions of F*F*9 weights, F biases, F means, F variances
#   policy head: 1x1 convolution to 2 planes (2*F, 2, 2, 2), inner product 2*361 -> 362 (261364, 362)
#   value head: 1x1 convolution to 1 plane (F, 1, 1, 1), inner product 361 -> 256 (92416, 256),
#               inner product 256 -> 1 (256, 1)
set -euo pipefail
out=${1:-target/leela-zero/zero-weights.txt}
filters=8
mkdir -p "$(dirname "$out")"
f=$filters
rows=(
  $((18 * f * 9)) "$f" "$f" "$f"
  $((f * f * 9)) "$f" "$f" "$f"
  $((f * f * 9)) "$f" "$f" "$f"
  $((2 * f)) 2 2 2 261364 362
  "$f" 1 1 1 92416 256 256 1
)
tmp="$out.tmp.$$"
{
  echo 1
  for n in "${rows[@]}"; do
    awk -v n="$n" 'BEGIN { for (i = 1; i <= n; i++) printf (i < n ? "0 " : "0\n") }'
  done
} >"$tmp"
mv "$tmp" "$out"
