// summary: prints the analysis of every launch of one or more inputs in words.
#include "Commands.h"
#include "Options.h"

#include "energy/gpu/Summary.h"

#include <iostream>
#include <memory>

namespace energy::gpu::cli {

Action addSummaryCommand(CLI::App &Parent) {
  auto O = std::make_shared<CommonOptions>();
  CLI::App *C = Parent.add_subcommand("summary", "print the analysis of each launch in words");
  O->add(*C);
  return [O] {
    for (const KernelAnalysis &A : analyseInputs(*O, nullptr)) {
      for (const std::string &L : summarize(A))
        std::cout << L << '\n';
      std::cout << '\n';
    }
    return 0;
  };
}

} // namespace energy::gpu::cli
