/* texture_fetch_functions.h - deliberately empty.
 *
 * clang-19's __clang_cuda_runtime_wrapper.h includes this CUDA header, which
 * CUDA 13 removed (texture fetches moved into the texture object API). The
 * EnergyPass CUDA flow puts this folder on the system include path only when
 * the toolkit is newer than clang supports; see docs/cuda.md. */
