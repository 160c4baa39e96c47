/* zlib (fetched at bench time, run.sh) at its default level: generated text-like data
 * compressed with compress2() (deflate, level 6: the hash-chain match loop, Huffman trees) and
 * decompressed with uncompress() (inflate: inflate_fast's decode loop), checked byte for byte so
 * that a wrong build fails rather than runs fast, rounds times; the CRC-32 of the compressed data
 * is printed. The input is lz77.c's: the same data for every build and every run.
 * Usage: zlib_workload [input size in KiB] [rounds] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Text-like input: words from a vocabulary, with numbers that repeat only sometimes. */
static void generate(unsigned char *buffer, long size) {
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

int main(int argc, char **argv) {
  uLong size = (uLong)(argc > 1 ? atol(argv[1]) : 5120) * 1024;
  long rounds = argc > 2 ? atol(argv[2]) : 1;
  uLong bound = compressBound(size);
  unsigned char *input = malloc(size), *packed = malloc(bound), *unpacked = malloc(size);
  if (!input || !packed || !unpacked) {
    fprintf(stderr, "zlib_workload: out of memory\n");
    return 1;
  }
  generate(input, size);
  uLong packed_size = 0, check = 0;
  for (long r = 0; r < rounds; ++r) {
    packed_size = bound;
    if (compress2(packed, &packed_size, input, size, Z_DEFAULT_COMPRESSION) != Z_OK) {
      fprintf(stderr, "zlib_workload: compress2 failed\n");
      return 1;
    }
    uLong unpacked_size = size;
    if (uncompress(unpacked, &unpacked_size, packed, packed_size) != Z_OK ||
        unpacked_size != size || memcmp(input, unpacked, size) != 0) {
      fprintf(stderr, "zlib_workload: round trip failed\n");
      return 1;
    }
    check = crc32(check, packed, (uInt)packed_size);
  }
  printf("zlib %s: %lu -> %lu bytes (%.1f%%), crc32 %08lx\n", zlibVersion(), size, packed_size,
         100.0 * packed_size / size, check);
  free(input);
  free(packed);
  free(unpacked);
  return 0;
}
