// energy-gpu: reads GPU simulator traces and EnergyPass GPU profiles and reports how the threads
// of each kernel launch behave (docs/energy-gpu.md). Exit status: 0 success, 2 bad input or
// flags, 1 anything else.
#include "Commands.h"

#include "tool/ToolMain.h"

int main(int argc, char **argv) {
  using namespace energy::gpu::cli;
  CLI::App App{"energy-gpu: control flow, basic-block vectors, similarity and synchronisation "
               "matrices, divergence and behaviour classes of CUDA kernel launches"};
  App.require_subcommand(1);
  Action Analyze = addAnalyzeCommand(App);
  Action Classify = addClassifyCommand(App);
  Action Summary = addSummaryCommand(App);
  try {
    App.parse(argc, argv);
  } catch (const CLI::CallForHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForAllHelp &E) {
    return App.exit(E);
  } catch (const CLI::ParseError &E) {
    return energy::tool::usageError("energy-gpu", E.what());
  }
  return energy::tool::runTool("energy-gpu", [&] {
    if (App.got_subcommand("analyze"))
      return Analyze();
    if (App.got_subcommand("classify"))
      return Classify();
    return Summary();
  });
}
