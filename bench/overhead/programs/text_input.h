/* The text-like input of the compressor rows (lz77, zlib): the same bytes for every build and
 * every run, so that their instruction counts compare. */
#ifndef OVERHEAD_TEXT_INPUT_H
#define OVERHEAD_TEXT_INPUT_H
#include <stdio.h>

/* Text-like input: words from a vocabulary, with numbers that repeat only sometimes. */
static void generateText(unsigned char *buffer, long size) {
  static const char *words[] = {"the ", "energy ", "of ", "a ", "region ", "is ", "counted ",
                                "per ", "call ", "and ", "sampled ", "loop ", "function ",
                                "kernel ", "\n", "time ", "instructions ", "cache "};
  unsigned long long state = 2463534242ull;
  long o = 0;
  while (o < size) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    char piece[32];
    const char *w = words[state % (sizeof words / sizeof *words)];
    if (state % 7 == 0) {
      snprintf(piece, sizeof piece, "%llu ", (state >> 20) % 5000);
      w = piece;
    }
    for (; *w && o < size; ++w)
      buffer[o++] = (unsigned char)*w;
  }
}
#endif
