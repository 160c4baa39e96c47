//===- report_view.h - Checked access to a report document, naming keys ---===//
//
// The report readers (reader.cpp, timeline.cpp) see a report
// through document::View, with one wording: "FILE: missing key
// regions[3].time_s.self; the report is damaged ...", thrown as ReportError.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_LIB_REPORT_VIEW_H
#define ENERGY_REPORT_LIB_REPORT_VIEW_H

#include "document/View.h"

namespace energy::report {

using document::View;

/// How the report readers word bad input.
extern const document::Wording ReportWording;

} // namespace energy::report

#endif
