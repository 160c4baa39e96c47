/*===- energy/regions.h - User-chosen regions in an EnergyPass report -----===*
 *
 * Marks a stretch of code as a region of its own, nested in the function (or
 * loop) around it, reported like functions and loops with kind "user" and
 * the name `func:NAME@file:line`:
 *
 *   #include <energy/regions.h>
 *   ENERGY_REGION_BEGIN("solve");       // C and C++; NAME is a string literal
 *   ...
 *   ENERGY_REGION_END("solve");
 *
 *   {
 *     energy::ScopedRegion Region("solve");  // C++: ends with the scope
 *     ...
 *   }
 *
 * Built by energycc/energyc++ (which define __ENERGYPASS__), each marker is a
 * call that EnergyPass lowers at compile time into the runtime's region
 * enter/exit calls and then removes: a marker costs what a function region's
 * entry costs. Built without EnergyPass, the markers compile to nothing and
 * take the same arguments, so the same source builds either way.
 *
 * A long-running program can also ask for its report so far: energy_dump()
 * below.
 *
 * BEGIN and END of one name must be in the same function, and every path
 * from a BEGIN must reach its END before the function returns (regions nest
 * like scopes). The pass warns about markers that break these rules and
 * ignores that function's markers. See docs/pass.md, "User regions".
 *
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_REGIONS_H
#define ENERGY_REGIONS_H

/* Names of the marker functions, shared with the pass that lowers them. */
#define ENERGY_USER_BEGIN_MARKER "__energy_user_begin"
#define ENERGY_USER_END_MARKER "__energy_user_end"
#define ENERGY_USER_END_SCOPE_MARKER "__energy_user_end_scope"

#if defined(__cplusplus)
#define ENERGY_REGIONS_NOEXCEPT noexcept
#define ENERGY_REGIONS_EXTERN_C extern "C"
#else
#define ENERGY_REGIONS_NOEXCEPT
#define ENERGY_REGIONS_EXTERN_C
#endif

/* Device code of CUDA programs has no host runtime to report to. */
#if defined(__ENERGYPASS__) && !defined(__CUDA_ARCH__)

/* The markers: weak so that every file that includes this header may carry
 * the fallback bodies below, `nomerge` so that the optimiser never merges two
 * markers of different names into one call whose name is not a constant. */
#define ENERGY_REGIONS_MARKER                                                  \
  ENERGY_REGIONS_EXTERN_C __attribute__((weak, nomerge, nothrow))
ENERGY_REGIONS_MARKER void __energy_user_begin(const char *name)
    ENERGY_REGIONS_NOEXCEPT;
ENERGY_REGIONS_MARKER void __energy_user_end(const char *name)
    ENERGY_REGIONS_NOEXCEPT;
/* Ends the innermost user region open in the calling function. */
ENERGY_REGIONS_MARKER void __energy_user_end_scope(void)
    ENERGY_REGIONS_NOEXCEPT;

/* The bodies run only when a marker was not lowered: the file was compiled
 * with -D__ENERGYPASS__ but without the EnergyPass plugin. The program then
 * runs as if the marker were absent (no link error), and a runtime that
 * defines the hook counts the marker in its report's diagnostics. */
ENERGY_REGIONS_EXTERN_C __attribute__((weak, nothrow)) void
__energy_user_unlowered(const char *name) ENERGY_REGIONS_NOEXCEPT;

ENERGY_REGIONS_EXTERN_C void __energy_user_begin(const char *name)
    ENERGY_REGIONS_NOEXCEPT {
  if (__energy_user_unlowered)
    __energy_user_unlowered(name);
}
ENERGY_REGIONS_EXTERN_C void __energy_user_end(const char *name)
    ENERGY_REGIONS_NOEXCEPT {
  if (__energy_user_unlowered)
    __energy_user_unlowered(name);
}
ENERGY_REGIONS_EXTERN_C void __energy_user_end_scope(void)
    ENERGY_REGIONS_NOEXCEPT {
  if (__energy_user_unlowered)
    __energy_user_unlowered(0);
}

/* `"" name` accepts string literals only: the pass needs the name at
 * compile time. */
#define ENERGY_REGION_BEGIN(name) __energy_user_begin("" name)
#define ENERGY_REGION_END(name) __energy_user_end("" name)

#else /* without EnergyPass: nothing, with the same argument checks */

#define ENERGY_REGION_BEGIN(name) ((void)sizeof("" name))
#define ENERGY_REGION_END(name) ((void)sizeof("" name))

#endif

/* energy_dump(): writes a complete report of the run so far, where the
 * report at exit will go (the same file: each snapshot replaces the last),
 * and returns 0 once it is written; -1 when none could be (not built with
 * EnergyPass, no libenergyrt, or the report could not be written). The
 * program goes on undisturbed: a copy of the process writes the report
 * (docs/runtime.md, "Snapshots"). Thread-safe; may be called from a signal
 * handler. */
#if defined(__ENERGYPASS__) && !defined(__CUDA_ARCH__)
ENERGY_REGIONS_EXTERN_C __attribute__((weak, nothrow)) int
__energy_dump(void) ENERGY_REGIONS_NOEXCEPT;
static inline int energy_dump(void) ENERGY_REGIONS_NOEXCEPT {
  return __energy_dump ? __energy_dump() : -1;
}
#else
static inline int energy_dump(void) ENERGY_REGIONS_NOEXCEPT { return -1; }
#endif

#if defined(__cplusplus)
namespace energy {

/* A user region from its construction to the end of its scope, left on every
 * path out of the scope (return, break, exceptions). Not copyable or
 * movable: the region belongs to the scope. */
class ScopedRegion {
public:
#if defined(__ENERGYPASS__) && !defined(__CUDA_ARCH__)
  /* always_inline: the markers must be in the function that holds the scope,
   * also at -O0. */
  [[gnu::always_inline]] explicit ScopedRegion(const char *name) noexcept {
    __energy_user_begin(name);
  }
  [[gnu::always_inline]] ~ScopedRegion() { __energy_user_end_scope(); }
#else
  [[gnu::always_inline]] explicit ScopedRegion(const char *name) noexcept {
    (void)name;
  }
#endif
  ScopedRegion(const ScopedRegion &) = delete;
  ScopedRegion &operator=(const ScopedRegion &) = delete;
};

} // namespace energy
#endif

#endif /* ENERGY_REGIONS_H */
