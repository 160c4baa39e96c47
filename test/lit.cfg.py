# lit configuration for EnergyPass: one site config, two suites (lit/ and e2e/).
import os
import lit.formats

config.name = "EnergyPass"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp", ".cu", ".test"]
config.excludes = ["Inputs", "lib", "unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.join(config.energy_src_root, "test")

bin_dir = os.path.join(config.energy_obj_root, "bin")
lib_dir = os.path.join(config.energy_obj_root, "lib")
tools = config.llvm_tools_dir

config.environment["PATH"] = os.pathsep.join([bin_dir, tools, config.environment.get("PATH", "")])
# Reports of tests go where the test says, never into the source tree, and the default report
# directory of those that do not say is the build tree's, not the home directory's.
for name in ("ENERGY_REPORT", "ENERGY_REPORT_DIR", "ENERGY_VERBOSE", "ENERGY_QUIET",
             "ENERGY_DUMP_SIGNAL", "ENERGY_SIGNAL_REPORTS", "XDG_CACHE_HOME"):
    config.environment.pop(name, None)
config.environment["XDG_STATE_HOME"] = os.path.join(config.energy_obj_root, "test", "state")

config.substitutions.append(("%opt", os.path.join(tools, "opt")))
config.substitutions.append(("%clangxx", config.energy_clangxx))
config.substitutions.append(("%clang", config.energy_clang))
config.substitutions.append(("%plugin", os.path.join(lib_dir, "libEnergyPass.so")))
config.substitutions.append(("%energy_lib", lib_dir))
config.substitutions.append(("%energy_bin", bin_dir))
config.substitutions.append(("%examples", os.path.join(config.energy_src_root, "examples")))
# pprof's profile.proto, for decoding exported profiles with protoc.
config.substitutions.append(("%profile_proto_dir", os.path.join(config.energy_src_root, "driver", "export-lib", "proto")))
config.substitutions.append(("%shared_data", os.path.join(config.energy_src_root, "..", "shared", "data")))
config.substitutions.append(
    ("%check-report", "python3 " + os.path.join(config.energy_src_root, "test", "e2e", "lib", "check_report.py")))
