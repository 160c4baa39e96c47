/*===- energy/recover.h - A report from a continuous counts file ----------===*
 *
 * libenergyrt's one entry point for tools: `energy-report recover` calls it.
 * A process whose modules were built with -energy-continuous and that ended
 * without writing its report (SIGKILL, the OOM killer, _exit()) leaves its
 * continuous counts file (docs/formats/continuous.md); this builds the report
 * from it with the runtime's own report code.
 *
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_RECOVER_H
#define ENERGY_RECOVER_H

#define ENERGY_RECOVER_REPORT "__energy_recover_report"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the report recovered from `counters_file` to `report_file` ("-":
 * standard output). Returns 0, or -1 with one line saying why in `error`
 * (`error_bytes` long, always terminated). */
int __energy_recover_report(const char *counters_file, const char *report_file, char *error,
                            unsigned long error_bytes);

#ifdef __cplusplus
}
#endif

#endif /* ENERGY_RECOVER_H */
