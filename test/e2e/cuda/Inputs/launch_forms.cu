// Launch spellings the rewriter must handle.
namespace ns { template <int N, class T> __global__ void k(T *p) {} }
__global__ void plain(int *p, int n) {}
__global__ __noinline__ void not_inlined(int *p) {}
template <class T> __global__ void deduced(T *p) {}
#define LAUNCH(p) plain<<<1, 32>>>(p, 1)
void host(int *p, cudaStream_t s) {
  const char *text = "a<<<b>>>c"; // k<<<in a comment>>>
  /* plain<<<1, 1>>>(p, 0); */
  plain<<<(100 + 31) / 32, 32>>>(p, 100);
  ns::k<4, int><<<dim3(2, 2), dim3(8, 8), 0, s>>>(p);
  deduced<<<1,
            64>>>(p);
  ::plain<<<1, 1>>>(p, 0);
  LAUNCH(p);
  int big = 1'000'000;
}
__global__ void dyn() {
  extern __shared__ float scratch[];
  extern __shared__ __align__(16) unsigned char bytes[ ];
}
