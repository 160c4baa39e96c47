#!/usr/bin/env bash
# Usage: link_for_gpu.sh OUTDIR EXAMPLES_DIR -- FLAGS...
# Builds each example named on stdin with energyc++ for sm_90 (linked against the toolkit's
# libcudart) and prints "== <example>" followed by its symbols that show the host half was
# rewritten and the real-GPU collector linked in.
set -euo pipefail
out=$1 examples=$2
shift 3
while read -r ex; do
  energyc++ "$@" "$examples/$ex.cu" -o "$out/$ex"
  echo "== $ex"
  llvm-nm "$out/$ex" | grep -E ' (energy_gpu_launch_kernel|__energy_gpu_rows\.host|__cudaRegisterVar.*)$' | sort -k3
done
