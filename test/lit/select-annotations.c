// Source annotations override the filter and the size threshold:
// annotate("energy_region") times a tiny function, annotate("energy_no_region")
// leaves a function with a loop untimed (its blocks are still counted).
// RUN: %clang --target=x86_64-unknown-linux-gnu -O1 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -energy-min-instructions=200 -mllvm -energy-timing=exact -S -emit-llvm %s -o - | FileCheck %s

__attribute__((annotate("energy_region"))) int forced(int x) { return x + 1; }

__attribute__((annotate("energy_no_region"))) double forbidden(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

int tiny(int x) { return x * 3; }

// CHECK-LABEL: define {{.*}}i32 @forced(
// CHECK:         call void @__energy_region_enter(ptr @__energy_module, i32 0)
// CHECK-LABEL: define {{.*}}double @forbidden(
// CHECK-NOT:     call void @__energy_region_{{enter|exit}}
// CHECK:         store i64
// CHECK-NOT:     call void @__energy_region_{{enter|exit}}
// CHECK-LABEL: define {{.*}}i32 @tiny(
// CHECK-NOT:     call void @__energy_region_{{enter|exit}}
// CHECK:         ret i32
