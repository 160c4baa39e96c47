/*===- FakeNvml.c - A stand-in libnvidia-ml for the NVML meter's tests ----===*
 *
 * Exports the NVML entry points the meter binds, with the C ABI of nvml.h:
 * two GPUs, gpu0 with an energy counter that advances 1500 mJ per query,
 * gpu1 too old for one (NVML_ERROR_NOT_SUPPORTED), as a Pascal card answers.
 *
 *===----------------------------------------------------------------------===*/
typedef struct nvmlDevice_st *nvmlDevice_t;

static struct nvmlDevice_st {
  int index;
} devices[2] = {{0}, {1}};
static unsigned long long energy = 10000;

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }
const char *nvmlErrorString(int status) { return status == 3 ? "Not Supported" : "Unknown"; }

int nvmlDeviceGetCount_v2(unsigned *count) {
  *count = 2;
  return 0;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned index, nvmlDevice_t *device) {
  if (index > 1)
    return 2; /* NVML_ERROR_INVALID_ARGUMENT */
  *device = &devices[index];
  return 0;
}

int nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device, unsigned long long *millijoules) {
  if (device->index == 1)
    return 3; /* NVML_ERROR_NOT_SUPPORTED */
  *millijoules = energy;
  energy += 1500;
  return 0;
}
