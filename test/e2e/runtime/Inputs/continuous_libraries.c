// Continuous counts of libraries, for continuous-libraries.test. Built three times: as a library
// loaded with dlopen (-DLOADED: its counters in dynamic TLS), as one the program links
// (-DLINKED: static TLS), and as the program. The program calls the loaded library's work 77
// times, the linked one's 5 times, then a thread calls the loaded one's 11 times and ends, then
// the program raise(SIGKILL)s; with a second argument `close` it dlcloses the loaded library first.
#if defined(LOADED) || defined(LINKED)
static volatile double Sink;

#ifdef LOADED
__attribute__((noinline)) void loaded_work(int n) {
#else
__attribute__((noinline)) void linked_work(int n) {
#endif
  for (int i = 0; i < n; ++i)
    Sink += i * 0.5;
}
#else
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

void linked_work(int n);

static void *thread(void *work) {
  for (int i = 0; i < 11; ++i)
    ((void (*)(int))work)(100);
  return NULL;
}

int main(int argc, char **argv) {
  void *library = argc >= 2 ? dlopen(argv[1], RTLD_NOW) : NULL;
  void (*work)(int) = library ? (void (*)(int))dlsym(library, "loaded_work") : NULL;
  if (!work)
    return 2;
  for (int i = 0; i < 77; ++i)
    work(100);
  for (int i = 0; i < 5; ++i)
    linked_work(100);
  pthread_t t;
  if (pthread_create(&t, NULL, thread, (void *)work) != 0 || pthread_join(t, NULL) != 0)
    return 1;
  if (argc == 3 && dlclose(library) != 0)
    return 3;
  raise(SIGKILL);
  return 1;
}
#endif
