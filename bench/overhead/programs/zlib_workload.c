/* zlib (fetched at bench time, run.sh) at its default level: generated text-like data
 * compressed with compress2() (deflate, level 6: the hash-chain match loop, Huffman trees) and
 * decompressed with uncompress() (inflate: inflate_fast's decode loop), checked byte for byte so
 * that a wrong build fails rather than runs fast, rounds times; the CRC-32 of the compressed data
 * is printed. The input is text_input.h's, as lz77.c's.
 * Usage: zlib_workload [input size in KiB] [rounds] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "text_input.h"

int main(int argc, char **argv) {
  uLong size = (uLong)(argc > 1 ? atol(argv[1]) : 5120) * 1024;
  long rounds = argc > 2 ? atol(argv[2]) : 1;
  uLong bound = compressBound(size);
  unsigned char *input = malloc(size), *packed = malloc(bound), *unpacked = malloc(size);
  if (!input || !packed || !unpacked) {
    fprintf(stderr, "zlib_workload: out of memory\n");
    return 1;
  }
  generateText(input, size);
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
