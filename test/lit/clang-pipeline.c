// clang loads the plugin with -fpass-plugin and runs the pass at the end of
// the pipeline at every level: at -O0 the functions are optnone and still
// instrumented; at -O2 the pass runs after the vectoriser, so the loop stays
// vectorised and its block table holds the vector FLOPs. Regions are timed by
// sampling by default: the function's entry pushes its region onto the
// runtime's stack and every exit stores back the depth, with no call.
// RUN: %clang --target=x86_64-unknown-linux-gnu -O0 -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -mavx2 -mfma -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O2
// RUN: %clang --target=x86_64-unknown-linux-gnu -O3 -fpass-plugin=%plugin -c %s -o %t.o
// RUN: llvm-readobj --sections %t.o | FileCheck %s --check-prefix=OBJ

void daxpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// O0-LABEL: define {{.*}}void @daxpy(
// O0:         call ptr @llvm.threadlocal.address.p0(ptr @__energy_region_stack)
// O0-NEXT:    getelementptr
// O0-NEXT:    [[DEPTH:%[0-9]+]] = load i32
// O0:         store volatile ptr @__energy_regions
// O0:         store volatile i32 [[DEPTH]]
// O0-NEXT:    ret void
// O0-NOT:     call void @__energy_region_enter
// O0:       attributes {{.*}} optnone

// O2: @__energy_blocks = {{.*}}[4 x i32] [i32 {{[0-9]+}}, i32 0, i32 {{[1-9][0-9]*}}, i32 0]
// O2-LABEL: define {{.*}}void @daxpy(
// O2:         [[DEPTH:%[0-9]+]] = load i32
// O2:         store volatile ptr @__energy_regions
// O2:         call <4 x double> @llvm.fmuladd.v4f64(
// O2:         store volatile i32 [[DEPTH]]
// O2-NEXT:    ret void

// OBJ: Name: energy_modules
