/* A bytecode interpreter in the shape of Lua's or CPython's: a stack machine with one dispatch
 * loop (a switch over the opcode, which clang compiles to a jump table), calls with frames on a
 * call stack, locals, conditional jumps, and a small heap array. It runs two scripts assembled
 * below: recursive fib (call-heavy: a frame per call) and a loop-heavy sieve with a checksum over
 * an array (dispatch-heavy: loads, stores and branches). Usage: bytecode [fib n] [sieve rounds] */
#include <stdio.h>
#include <stdlib.h>

enum op {
  PUSH, /* push the immediate */
  LOAD, /* push local[imm] */
  STORE, /* local[imm] = pop */
  ADD, SUB, MUL, MOD, LT, EQ,
  JMP, /* pc = imm */
  JZ, /* if pop == 0: pc = imm */
  CALL, /* call the function at imm with the top argument as its local 0 */
  RET, /* return the top of the stack to the caller */
  ALOAD, /* push heap[pop] */
  ASTORE, /* value = pop, index = pop: heap[index] = value */
  POP, HALT
};

typedef struct {
  int op;
  long imm;
} insn;

enum { STACK = 4096, FRAMES = 1024, LOCALS = 8, HEAP = 1 << 16 };

typedef struct {
  long pc;
  long locals[LOCALS];
} frame;

static long heap[HEAP];

/* The dispatch loop: one iteration per bytecode instruction. */
static long run(const insn *code, long entry, long argument) {
  static long stack[STACK];
  static frame frames[FRAMES];
  long sp = 0, fp = 0, pc = entry;
  frames[0].locals[0] = argument;
  for (;;) {
    const insn *i = &code[pc++];
    switch (i->op) {
    case PUSH: stack[sp++] = i->imm; break;
    case LOAD: stack[sp++] = frames[fp].locals[i->imm]; break;
    case STORE: frames[fp].locals[i->imm] = stack[--sp]; break;
    case ADD: --sp; stack[sp - 1] += stack[sp]; break;
    case SUB: --sp; stack[sp - 1] -= stack[sp]; break;
    case MUL: --sp; stack[sp - 1] *= stack[sp]; break;
    case MOD: --sp; stack[sp - 1] %= stack[sp]; break;
    case LT: --sp; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
    case EQ: --sp; stack[sp - 1] = stack[sp - 1] == stack[sp]; break;
    case JMP: pc = i->imm; break;
    case JZ: if (stack[--sp] == 0) pc = i->imm; break;
    case CALL:
      if (fp + 1 >= FRAMES) {
        fprintf(stderr, "bytecode: call stack overflow\n");
        exit(1);
      }
      frames[fp].pc = pc;
      frames[++fp].locals[0] = stack[--sp];
      pc = i->imm;
      break;
    case RET:
      if (fp == 0)
        return stack[sp - 1];
      pc = frames[--fp].pc;
      break;
    case ALOAD: stack[sp - 1] = heap[stack[sp - 1] & (HEAP - 1)]; break;
    case ASTORE: sp -= 2; heap[stack[sp] & (HEAP - 1)] = stack[sp + 1]; break;
    case POP: --sp; break;
    case HALT: return sp ? stack[sp - 1] : 0;
    default: fprintf(stderr, "bytecode: bad opcode %d\n", i->op); exit(1);
    }
  }
}

/* fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2), entry at 0. */
static const insn fib[] = {
  /* 0 */ {LOAD, 0}, {PUSH, 2}, {LT, 0}, {JZ, 6},
  /* 4 */ {LOAD, 0}, {RET, 0},
  /* 6 */ {LOAD, 0}, {PUSH, 1}, {SUB, 0}, {CALL, 0},
  /* 10 */ {LOAD, 0}, {PUSH, 2}, {SUB, 0}, {CALL, 0},
  /* 14 */ {ADD, 0}, {RET, 0},
};

/* A sieve of Eratosthenes over heap[0..N) repeated local 0 times, summing the primes each time:
 * locals: 0 rounds, 1 i, 2 j, 3 sum, 4 round. The HALTs that nothing jumps to pad the blocks to
 * the addresses in the comments, so that each jump target can be checked by reading. */
enum { N = 60000 };
static const insn sieve[] = {
  /* 0 */ {PUSH, 0}, {STORE, 3}, {PUSH, 0}, {STORE, 4},
  /* round loop: 4 */ {LOAD, 4}, {LOAD, 0}, {LT, 0}, {JZ, 68},
  /* clear: i = 0; 8 */ {PUSH, 0}, {STORE, 1},
  /* 10 */ {LOAD, 1}, {PUSH, N}, {LT, 0}, {JZ, 23},
  /* 14 */ {LOAD, 1}, {PUSH, 1}, {ASTORE, 0}, {LOAD, 1}, {PUSH, 1}, {ADD, 0}, {STORE, 1},
  /* 21 */ {JMP, 10}, {HALT, 0},
  /* sieve: i = 2; 23 */ {PUSH, 2}, {STORE, 1},
  /* 25: while i * i < N */ {LOAD, 1}, {LOAD, 1}, {MUL, 0}, {PUSH, N}, {LT, 0}, {JZ, 51},
  /* 31: if heap[i] */ {LOAD, 1}, {ALOAD, 0}, {JZ, 46},
  /* 34: j = i * i */ {LOAD, 1}, {LOAD, 1}, {MUL, 0}, {STORE, 2},
  /* 38: while j < N: heap[j] = 0; j += i */ {LOAD, 2}, {PUSH, N}, {LT, 0}, {JZ, 46},
  /* 42 */ {LOAD, 2}, {PUSH, 0}, {ASTORE, 0}, {JMP, 61},
  /* 46: ++i */ {LOAD, 1}, {PUSH, 1}, {ADD, 0}, {STORE, 1}, {JMP, 25},
  /* 51: sum the primes; i = 2 */ {PUSH, 2}, {STORE, 1}, {JMP, 74}, {HALT, 0},
  /* 55: unused */ {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0},
  /* 61: j += i */ {LOAD, 2}, {LOAD, 1}, {ADD, 0}, {STORE, 2}, {JMP, 38},
  /* 66 */ {HALT, 0}, {HALT, 0},
  /* 68: done */ {LOAD, 3}, {RET, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0},
  /* 74: while i < N */ {LOAD, 1}, {PUSH, N}, {LT, 0}, {JZ, 96},
  /* 78: if heap[i]: sum += i */ {LOAD, 1}, {ALOAD, 0}, {JZ, 85}, {LOAD, 3}, {LOAD, 1}, {ADD, 0},
  /* 84 */ {STORE, 3},
  /* 85: ++i */ {LOAD, 1}, {PUSH, 1}, {ADD, 0}, {STORE, 1}, {JMP, 74},
  /* 90 */ {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0}, {HALT, 0},
  /* 96: ++round */ {LOAD, 4}, {PUSH, 1}, {ADD, 0}, {STORE, 4}, {JMP, 4},
};

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 30;
  long rounds = argc > 2 ? atol(argv[2]) : 60;
  long f = run(fib, 0, n);
  long s = run(sieve, 0, rounds);
  printf("bytecode fib(%ld) = %ld, sieve sum %ld\n", n, f, s);
  return 0;
}
