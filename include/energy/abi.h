/*===- energy/abi.h - The contract between the pass and the runtime --------===*
 *
 * Everything that instrumented code and libenergyrt must agree on is defined
 * here, once: the layout of the tables the pass emits into each object, the
 * names of the runtime entry points it calls, and the names of sections and
 * module flags. The pass includes this header to build its IR types and
 * symbol names; the runtime includes it to read the tables. Change a layout,
 * bump ENERGY_ABI_VERSION: the runtime refuses modules of another version.
 *
 * Data flow: for every instrumented module the pass emits
 *   - one `struct energy_module` descriptor in section ENERGY_MODULE_SECTION,
 *     kept alive by llvm.compiler.used, with the module's region table, block
 *     table (static cost vector per basic block), count terms and
 *     dynamic-counter table, and its optional line table (the static cost
 *     of each block split by the source line its instructions were written
 *     on, with the call sites inlined code was inlined at, used at report
 *     time only) and, per function region, a hash of its body;
 *   - one thread_local counter array of num_counters + num_dynamic uint64_t:
 *     the counters block counts are derived from first, then dynamic amounts
 *     (bytes of memcpy/memset with run-time lengths, active lanes of masked
 *     operations);
 *   - a function returning the calling thread's copy of that array;
 *   - a constructor calling ENERGY_REGISTER_MODULE and a destructor calling
 *     ENERGY_UNREGISTER_MODULE with the descriptor;
 *   - at region entry and at every exit, either (sampled timing, the
 *     default) a push onto and a pop off the calling thread's stack of open
 *     regions, ENERGY_REGION_STACK, written inline: no call and no clock;
 *     the runtime samples that stack on a CPU-time timer; or (exact timing)
 *     calls to ENERGY_REGION_ENTER / ENERGY_REGION_EXIT, which read a clock.
 * Region totals are block counts times cost vectors, computed at report time.
 * A block's count is the sum of its terms' coefficient x counter: the pass
 * counts the CFG edges off a spanning tree and derives the others by flow
 * conservation (docs/pass.md), so coefficients may be negative. A module
 * without terms counts every block in its own counter (num_counters ==
 * num_blocks, block i in counter i).
 *
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_ABI_H
#define ENERGY_ABI_H

#include <stdint.h>

#define ENERGY_ABI_VERSION 8u

/* Section holding the module descriptors; a C identifier so that linkers
 * provide __start_energy_modules / __stop_energy_modules. */
#define ENERGY_MODULE_SECTION "energy_modules"

/* Module flag set on instrumented modules; the pass skips modules that have it. */
#define ENERGY_MODULE_FLAG "energypass.instrumented"

/* Symbols whose name starts with this prefix belong to the runtime (or to the
 * pass's own generated code) and are never instrumented. */
#define ENERGY_SYMBOL_PREFIX "__energy_"

/* Runtime entry points. Signatures:
 *   void __energy_register_module(struct energy_module *);
 *   void __energy_unregister_module(struct energy_module *);
 *   void __energy_region_enter(struct energy_module *, uint32_t region);
 *   void __energy_region_exit(struct energy_module *, uint32_t region);    */
#define ENERGY_REGISTER_MODULE "__energy_register_module"
#define ENERGY_UNREGISTER_MODULE "__energy_unregister_module"
#define ENERGY_REGION_ENTER "__energy_region_enter"
#define ENERGY_REGION_EXIT "__energy_region_exit"

/* The calling thread's stack of open regions, for sampled timing: a
 * thread_local `struct energy_region_stack` defined by the runtime (initial-
 * exec TLS). A timed function that reads depth D at its entry owns the slots
 * open[S + 0 .. S + K], S = D & (ENERGY_REGION_STACK_SLOTS - 1): its own and
 * K more for the regions nested in it (its loops, its user regions), K its
 * deepest nesting, at most ENERGY_REGION_STACK_SLACK - 1 (a region nested
 * deeper is not pushed; the runtime computes the same K from the regions'
 * parents). The function's push stores, in this order: D + 1 + K into
 * `depth` (a signal handler that runs instrumented code after it pushes
 * above), zero into open[S + 1 .. S + K], then the address of the function's
 * region table entry into open[S]. The region at nesting n (1..K) is pushed
 * by storing ENERGY_REGION_SLOT_TAG(its index in the module's table) into
 * open[S + n], and left by storing zero there; an exit that leaves several
 * closes the innermost first. So a frame's open nested regions are the
 * non-zero prefix of its K slots. The function leaves by storing D back into
 * `depth`; after a call that returns twice (setjmp) and at a landing pad, a
 * point nested n deep stores D + 1 + K into `depth` and zero into
 * open[S + n + 1 .. S + K]: frames that longjmp or an exception skipped are
 * gone there, or at the next exit of a function that encloses them (until
 * then a tag a skipped exit left may be read). A slot holding an
 * address (even, non-zero) begins a frame: a function's, or a region the
 * runtime pushed by a call (a module timed exactly), which has no slot
 * above. A loop's entry and exit are each one store of a constant at the
 * function's slot address: no depth or table address is computed for them.
 * The slots are a power of two
 * so that the index is one `and`: a million regions deep, more than an
 * 8 MiB thread stack holds frames for, before it wraps; the array has
 * ENERGY_REGION_STACK_SLACK slots more, so that a frame's K slots are in it
 * when it has. */
#define ENERGY_REGION_STACK "__energy_region_stack"
#define ENERGY_REGION_STACK_SLOTS (1u << 20)
#define ENERGY_REGION_STACK_SLACK (1u << 12)
/* A nested region's slot value: odd, so never a table entry's address. */
#define ENERGY_REGION_SLOT_TAG(index) ((((uint64_t)(index)) << 1) | 1u)

struct energy_region;

struct energy_region_stack {
  uint32_t depth; /* regions open, possibly more than the capacity */
  uint32_t reserved;
  /* ENERGY_REGION_STACK_SLOTS + ENERGY_REGION_STACK_SLACK slots, backed as
   * they are touched; never null */
  const struct energy_region **open;
};

/* How a module's regions are timed (energy_module.timing). */
enum energy_timing {
  ENERGY_TIMING_EXACT = 0,  /* enter/exit calls that read a clock */
  ENERGY_TIMING_SAMPLED = 1 /* inline ENERGY_REGION_STACK pushes, sampled */
};

/* Footprint sampling (opt-in, pass/FootprintSampling.h, runtime/lib/Footprint.h):
 * the 64-byte line L = address >> ENERGY_FOOTPRINT_LINE_SHIFT is in the 1-in-N
 * sample when L * ENERGY_FOOTPRINT_HASH < UINT64_MAX / N (N a power of two, so
 * a 1-in-64 sample is a subset of a 1-in-16 one). Instrumented accesses call
 *   void __energy_footprint_sample(uint64_t line, uint64_t n);   sampled lines only
 *   void __energy_footprint_range(const void *p, uint64_t bytes, uint64_t n);
 * the latter for memcpy/memmove/memset ranges, whose lines the runtime tests. */
#define ENERGY_FOOTPRINT_SAMPLE "__energy_footprint_sample"
#define ENERGY_FOOTPRINT_RANGE "__energy_footprint_range"
#define ENERGY_FOOTPRINT_LINE_SHIFT 6
#define ENERGY_FOOTPRINT_HASH 0x9e3779b97f4a7c15ull

/* Whether `line` is in the 1-in-`one_in` sample: the test instrumented code
 * inlines, and the runtime applies to the lines of ranges. */
static inline int energy_footprint_sampled(uint64_t line, uint64_t one_in) {
  return one_in <= 1 || line * ENERGY_FOOTPRINT_HASH < UINT64_MAX / one_in;
}

/* Names of the per-module objects the pass creates (module-local linkage). */
#define ENERGY_MODULE_DESCRIPTOR "__energy_module"
#define ENERGY_MODULE_COUNTERS "__energy_counters"
#define ENERGY_MODULE_COUNTERS_GETTER "__energy_thread_counters"
#define ENERGY_MODULE_CTOR "__energy_module_ctor"
#define ENERGY_MODULE_DTOR "__energy_module_dtor"

/* energy_module.flags: the module was built for continuous counts (energycc
 * --energy-continuous, pass option -energy-continuous): its counter array is
 * aligned to ENERGY_CONTINUOUS_PAGE bytes and padded to a whole number of
 * them, so that in every thread it occupies pages of its own, which the
 * runtime maps onto a file (docs/runtime.md, "Continuous counts"). */
#define ENERGY_MODULE_CONTINUOUS 1u
#define ENERGY_CONTINUOUS_PAGE 4096u

/* Constructor priority: before ordinary C++ static constructors (65535), so
 * that instrumented code run from constructors is already attributed. */
#define ENERGY_CTOR_PRIORITY 101

/* Index used for "no parent region". */
#define ENERGY_NO_REGION 0xffffffffu

enum energy_precision {
  ENERGY_PREC_HALF = 0, /* half and bfloat */
  ENERGY_PREC_FLOAT = 1,
  ENERGY_PREC_DOUBLE = 2,
  ENERGY_NUM_PRECISIONS = 3
};

enum energy_flop_kind {
  ENERGY_FLOP_ADDSUB = 0,
  ENERGY_FLOP_MUL = 1,
  ENERGY_FLOP_DIV = 2,
  ENERGY_FLOP_SQRT = 3,
  ENERGY_FLOP_FMA = 4, /* fma and fmuladd; each lane counts 2 FLOPs */
  ENERGY_FLOP_MINMAX = 5,
  ENERGY_FLOP_OTHER = 6, /* fneg excluded; see docs/counting.md */
  ENERGY_NUM_FLOP_KINDS = 7
};

/* Width of the instruction that performed a FLOP (register bits). */
enum energy_vector_width {
  ENERGY_WIDTH_SCALAR = 0,
  ENERGY_WIDTH_128 = 1, /* vectors of up to 128 bits */
  ENERGY_WIDTH_256 = 2,
  ENERGY_WIDTH_512 = 3, /* 512 bits and wider */
  ENERGY_NUM_WIDTHS = 4
};

enum energy_region_kind {
  ENERGY_REGION_FUNCTION = 0,
  ENERGY_REGION_LOOP = 1,
  ENERGY_REGION_USER = 2,
  /* an MPI call, through the PMPI layer (runtime/mpi): its module's blocks
   * count calls, and its dynamic bytes loaded / stored are the bytes the call
   * sent / received */
  ENERGY_REGION_MPI = 3
};

/* Static cost of one execution of a basic block. */
struct energy_cost {
  uint32_t flops[ENERGY_NUM_PRECISIONS][ENERGY_NUM_FLOP_KINDS];
  uint32_t flops_by_width[ENERGY_NUM_WIDTHS]; /* same FLOPs, split by width */
  uint64_t bytes_loaded;
  uint64_t bytes_stored;
  uint32_t instructions; /* IR instructions, excluding the pass's own */
  uint32_t branches;     /* conditional br, switch, indirectbr */
  uint32_t calls;        /* calls and invokes, excluding intrinsics */
  uint32_t flags;        /* ENERGY_BLOCK_* */
};

/* A block the pass added (a loop's preheader, or one whose count terms sum a
 * user region's BEGINs) and counts only so that a region's entries are known:
 * it holds no program code and is left out of the `blocks` count. */
#define ENERGY_BLOCK_ADDED 1u

/* energy_region.entry_block when no block counts the region's entries. */
#define ENERGY_NO_BLOCK 0xffffffffu

struct energy_block {
  uint32_t region; /* index of the region that owns the block (self counts) */
  uint32_t line;   /* first source line of the block, 0 if unknown */
  struct energy_cost cost;
};

enum energy_dynamic_kind {
  ENERGY_DYNAMIC_BYTES_LOADED = 0,
  ENERGY_DYNAMIC_BYTES_STORED = 1,
  ENERGY_DYNAMIC_FLOPS = 2 /* executed lanes of a masked FP operation */
};

/* Meaning of counter slot num_blocks + i: an amount added at run time. */
struct energy_dynamic_counter {
  uint32_t block;     /* block whose region the amount belongs to */
  uint8_t kind;       /* enum energy_dynamic_kind */
  uint8_t precision;  /* for ENERGY_DYNAMIC_FLOPS */
  uint8_t flop_kind;  /* for ENERGY_DYNAMIC_FLOPS */
  uint8_t width;      /* for ENERGY_DYNAMIC_FLOPS */
  uint32_t scale;     /* FLOPs per counted lane (2 for fma) or 1 */
};

/* One term of a block's execution count: coefficient x counter[counter].
 * Terms of one block are adjacent; blocks appear in increasing order. */
struct energy_count_term {
  uint32_t block;
  uint32_t counter;
  int64_t coefficient;
};

/* energy_line.inlined_at and energy_inline_site.caller for code that was
 * not inlined. */
#define ENERGY_NO_SITE 0xffffffffu

/* The part of block `block`'s static cost written on one source line: for
 * inlined code, the line in the inlined function, and the call site it was
 * inlined at. Entries of one block are adjacent and blocks appear in
 * increasing order; a block's entries sum to its cost (dynamic amounts are
 * not split by line). */
struct energy_line {
  uint32_t block;
  uint32_t file; /* index into energy_module.line_files */
  uint32_t line;
  uint32_t inlined_at; /* index into energy_module.inline_sites, or ENERGY_NO_SITE */
  struct energy_cost cost;
};

/* A call whose callee was inlined: where it is written, in which function,
 * and, when that function was itself inlined, the site it was inlined at
 * (the chain ends at the function the code was compiled in). */
struct energy_inline_site {
  uint32_t file;   /* index into energy_module.line_files */
  uint32_t line;
  uint32_t caller; /* index of the next outer site, or ENERGY_NO_SITE */
  uint32_t reserved;
  const char *function; /* the function the call is written in */
};

struct energy_region {
  const char *name;      /* symbol name, or "func:loop@file:line" */
  const char *demangled; /* demangled symbol name (equal to name for C) */
  const char *file;      /* source file from debug info, or the module's */
  uint32_t line;         /* 0 when unknown */
  uint32_t kind;         /* enum energy_region_kind */
  uint32_t parent;       /* enclosing region, ENERGY_NO_REGION for none */
  /* The block whose count is the region's entries (the function's entry
   * block, the loop's preheader, the block a user region begins in, or an
   * ENERGY_BLOCK_ADDED block whose terms sum several such), or
   * ENERGY_NO_BLOCK: a region's calls come from the exact counts, whether
   * or not it is timed. */
  uint32_t entry_block;
};

struct energy_module {
  uint32_t abi_version; /* ENERGY_ABI_VERSION */
  uint32_t num_regions;
  uint32_t num_blocks;
  uint32_t num_dynamic;
  uint64_t hash; /* stable identity of the module's tables */
  const char *source; /* module identifier (source file name) */
  const struct energy_region *regions;
  const struct energy_block *blocks;
  const struct energy_dynamic_counter *dynamic;
  uint32_t num_counters; /* counter slots before the dynamic ones */
  uint32_t num_terms;    /* 0: block i's count is counter i */
  const struct energy_count_term *terms;
  uint64_t *(*thread_counters)(void); /* calling thread's counter array */
  uint32_t timing;   /* enum energy_timing */
  uint32_t flags;    /* ENERGY_MODULE_* */
  void *runtime; /* owned by the runtime; zero in the object file */
  /* Optional line table (num_lines == 0: none, e.g. without debug info). */
  uint32_t num_lines;
  uint32_t num_line_files;
  const char *const *line_files; /* file names, as debug info spells them */
  const struct energy_line *lines;
  uint32_t num_inline_sites;
  uint32_t reserved2;
  const struct energy_inline_site *inline_sites;
  /* Per region, a hash of a function region's body that ignores names and
   * debug locations (LLVM's StructuralHash), so that a renamed function is
   * known by it; 0 for other regions. Null: unknown. */
  const uint64_t *region_body_hashes;
  /* Per region, the address of the function whose machine code is the
   * region's in sampled timing although the region is never pushed: an
   * unmarked function (too small to pay for a push), whose samples the
   * runtime finds by the interrupted program counter; null for other
   * regions. Null array: no such region. */
  const void *const *region_functions;
};

#endif /* ENERGY_ABI_H */
