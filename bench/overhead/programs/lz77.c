/* A compressor in the shape of zlib's deflate: LZ77 with a hash chain (a head table indexed by
 * the hash of the next 3 bytes, a prev table linking earlier positions with the same hash), a
 * match loop that walks the chain up to a fixed depth comparing bytes, lazy evaluation of one
 * position ahead, and a byte-oriented output of literals and (length, distance) pairs. The input
 * is generated text-like data (words from a small vocabulary with varying numbers), compressed,
 * decompressed and compared, so that a wrong build fails rather than runs fast.
 * Usage: lz77 [input size in KiB] [rounds] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_input.h"

enum {
  WINDOW = 1 << 15,
  HASH_BITS = 15,
  MIN_MATCH = 3,
  MAX_MATCH = 258,
  CHAIN = 64 /* the longest chain walked, as zlib's level 6 (max_chain 128) roughly */
};

static unsigned hash3(const unsigned char *p) {
  return ((p[0] << 10) ^ (p[1] << 5) ^ p[2]) & ((1u << HASH_BITS) - 1);
}

typedef struct {
  int head[1 << HASH_BITS];
  int prev[WINDOW];
} chains;

static void insert(chains *c, const unsigned char *in, long pos) {
  unsigned h = hash3(in + pos);
  c->prev[pos & (WINDOW - 1)] = c->head[h];
  c->head[h] = (int)pos;
}

/* The match loop: the longest earlier match of in[pos..] within the window. */
static long longest(const chains *c, const unsigned char *in, long pos, long size, long *distance) {
  long best = 0, limit = size - pos < MAX_MATCH ? size - pos : MAX_MATCH;
  long candidate = c->head[hash3(in + pos)];
  for (int depth = 0; depth < CHAIN && candidate >= 0 && pos - candidate < WINDOW; ++depth) {
    if (in[candidate + best] == in[pos + best]) {
      long length = 0;
      while (length < limit && in[candidate + length] == in[pos + length])
        ++length;
      if (length > best) {
        best = length;
        *distance = pos - candidate;
        if (best == limit)
          break;
      }
    }
    long next = c->prev[candidate & (WINDOW - 1)];
    if (next >= candidate)
      break; /* the slot was overwritten by a newer position: the chain ends here */
    candidate = next;
  }
  return best;
}

/* The format, simpler than deflate's Huffman codes since the match search is what is measured:
 * a literal is a tag byte 0 then the byte; a match is its code length - MIN_MATCH + 1 (1..256:
 * one byte below 255, else 255 and the rest) then the distance in two bytes. */
static long emit_literal(unsigned char *out, long o, unsigned char byte) {
  out[o++] = 0;
  out[o++] = byte;
  return o;
}

static long emit_match(unsigned char *out, long o, long length, long distance) {
  long code = length - MIN_MATCH + 1;
  if (code >= 255) {
    out[o++] = 255;
    out[o++] = (unsigned char)(code - 255);
  } else {
    out[o++] = (unsigned char)code;
  }
  out[o++] = (unsigned char)(distance & 0xff);
  out[o++] = (unsigned char)(distance >> 8);
  return o;
}

static long compress(const unsigned char *in, long size, unsigned char *out, chains *c) {
  /* Both tables start empty, so that every round (and every build) walks the same chains. */
  for (long i = 0; i < (1 << HASH_BITS); ++i)
    c->head[i] = -1;
  for (long i = 0; i < WINDOW; ++i)
    c->prev[i] = -1;
  long o = 0, pos = 0;
  while (pos < size) {
    long distance = 0, length = 0;
    if (pos + MIN_MATCH <= size) {
      length = longest(c, in, pos, size, &distance);
      insert(c, in, pos);
    }
    if (length >= MIN_MATCH && pos + 1 + MIN_MATCH <= size) {
      /* Lazy evaluation: a longer match one byte later wins over this one. */
      long later_distance = 0;
      long later = longest(c, in, pos + 1, size, &later_distance);
      if (later > length) {
        o = emit_literal(out, o, in[pos]);
        ++pos;
        length = later;
        distance = later_distance;
        insert(c, in, pos);
      }
    }
    if (length >= MIN_MATCH) {
      o = emit_match(out, o, length, distance);
      for (long k = 1; k < length; ++k)
        if (pos + k + MIN_MATCH <= size)
          insert(c, in, pos + k);
      pos += length;
    } else {
      o = emit_literal(out, o, in[pos]);
      ++pos;
    }
  }
  return o;
}

static long decompress(const unsigned char *in, long size, unsigned char *out) {
  long o = 0, i = 0;
  while (i < size) {
    long code = in[i++];
    if (code == 0) {
      out[o++] = in[i++];
      continue;
    }
    if (code == 255)
      code += in[i++];
    long length = code + MIN_MATCH - 1;
    long distance = in[i] | (long)in[i + 1] << 8;
    i += 2;
    for (long k = 0; k < length; ++k, ++o)
      out[o] = out[o - distance];
  }
  return o;
}

int main(int argc, char **argv) {
  long size = (argc > 1 ? atol(argv[1]) : 4096) * 1024;
  long rounds = argc > 2 ? atol(argv[2]) : 1;
  unsigned char *input = malloc(size);
  unsigned char *packed = malloc(size * 2 + 16); /* a literal takes 2 bytes: never more */
  unsigned char *unpacked = malloc(size);
  chains *c = malloc(sizeof *c);
  if (!input || !packed || !unpacked || !c) {
    fprintf(stderr, "lz77: out of memory\n");
    return 1;
  }
  generateText(input, size);
  long packed_size = 0;
  unsigned long long check = 0;
  for (long r = 0; r < rounds; ++r) {
    packed_size = compress(input, size, packed, c);
    long unpacked_size = decompress(packed, packed_size, unpacked);
    if (unpacked_size != size || memcmp(input, unpacked, size) != 0) {
      fprintf(stderr, "lz77: round trip failed (%ld bytes back of %ld)\n", unpacked_size, size);
      return 1;
    }
    for (long i = 0; i < packed_size; i += 61)
      check = check * 31 + packed[i];
  }
  printf("lz77 %ld -> %ld bytes (%.1f%%), check %llx\n", size, packed_size,
         100.0 * packed_size / size, check);
  free(input);
  free(packed);
  free(unpacked);
  free(c);
  return 0;
}
