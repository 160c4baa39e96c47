__global__ void k() {}
void host() {
  k<<<1, 32(;
}
