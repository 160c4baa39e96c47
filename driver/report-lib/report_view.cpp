//===- report_view.cpp - Checked access to a report document, naming keys -===//
#include "report_view.h"

#include "energy/report/report_error.h"

namespace energy::report {

const document::Wording ReportWording = {
    .BeforeOrigin = "",
    .Key = "key {path}",
    .Missing = "missing key {path}",
    .WayOut = "; the report is damaged or was not written by the EnergyPass runtime (see "
              "docs/formats/report.md)",
    .BareTypeNames = false,
    .NumberedElements = true,
    .Raise = document::raise<ReportError>,
};

} // namespace energy::report
