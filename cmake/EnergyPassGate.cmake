# EnergyPassGate.cmake: the CMake functions of find_package(EnergyPass).
#
# energypass_instrument(<target>...)
#   Compiles the targets' sources with the EnergyPass plugin (-fpass-plugin) and links them with
#   the runtime, as energycc would. The plugin is built for one LLVM version: the project must be
#   compiled with that clang (e.g. -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19).
#
# energypass_add_gate(<name> COMMAND <cmd> [<arg>...] BASELINE <report.json>...
#                     [THRESHOLD 5% | energy=5%,time=10%] [FAIL_ON energy,flops,...]
#                     [RUNS <n>] [WORKING_DIRECTORY <dir>])
#   Registers a CTest test that runs the command RUNS times (default 1) with ENERGY_REPORT set,
#   then `energy-report diff --base <baseline>... --new <the runs' reports>` with --fail-on
#   (default: dynamic-energy,flops,bytes,instructions, the deterministic metrics) and --threshold
#   (default 5%). The test fails when the command fails or a gated metric regressed; its output
#   says which region and metric, and how to accept the change. Generator expressions such as
#   $<TARGET_FILE:app> work in COMMAND. With ENERGYPASS_UPDATE_BASELINE=1 in the environment the
#   test writes the first run's report over the (first) baseline instead of comparing.

set(_ENERGYPASS_GATE_RUNNER "${CMAKE_CURRENT_LIST_DIR}/EnergyPassRunGate.cmake")

function(energypass_instrument)
  foreach(lang C CXX)
    if(CMAKE_${lang}_COMPILER_LOADED)
      string(REGEX MATCH "^[0-9]+" major "${CMAKE_${lang}_COMPILER_VERSION}")
      if(NOT CMAKE_${lang}_COMPILER_ID STREQUAL "Clang" OR NOT major STREQUAL ENERGYPASS_LLVM_MAJOR)
        message(FATAL_ERROR "energypass_instrument: the ${lang} compiler is ${CMAKE_${lang}_COMPILER_ID} "
          "${CMAKE_${lang}_COMPILER_VERSION}, but the EnergyPass plugin needs clang ${ENERGYPASS_LLVM_MAJOR}; "
          "configure with -DCMAKE_${lang}_COMPILER=clang${ENERGYPASS_CLANG_SUFFIX_${lang}}-${ENERGYPASS_LLVM_MAJOR}")
      endif()
    endif()
  endforeach()
  get_target_property(plugin EnergyPass::plugin IMPORTED_LOCATION)
  foreach(target IN LISTS ARGN)
    if(NOT TARGET ${target})
      message(FATAL_ERROR "energypass_instrument: '${target}' is not a target")
    endif()
    target_compile_options(${target} PRIVATE "-fpass-plugin=${plugin}")
    target_link_libraries(${target} PRIVATE EnergyPass::energyrt)
  endforeach()
endfunction()
set(ENERGYPASS_CLANG_SUFFIX_CXX "++")

function(energypass_add_gate name)
  cmake_parse_arguments(PARSE_ARGV 1 GATE "" "THRESHOLD;FAIL_ON;RUNS;WORKING_DIRECTORY"
                        "COMMAND;BASELINE")
  if(GATE_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "energypass_add_gate(${name}): unknown arguments ${GATE_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT GATE_COMMAND OR NOT GATE_BASELINE)
    message(FATAL_ERROR "energypass_add_gate(${name}): COMMAND and BASELINE are required")
  endif()
  if(NOT GATE_THRESHOLD)
    set(GATE_THRESHOLD 5%)
  endif()
  if(NOT GATE_FAIL_ON)
    set(GATE_FAIL_ON dynamic-energy,flops,bytes,instructions)
  endif()
  if(NOT GATE_RUNS)
    set(GATE_RUNS 1)
  elseif(NOT GATE_RUNS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "energypass_add_gate(${name}): RUNS must be a positive integer")
  endif()
  if(NOT GATE_WORKING_DIRECTORY)
    set(GATE_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  set(baselines "")
  foreach(file IN LISTS GATE_BASELINE)
    get_filename_component(file "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND baselines "${file}")
  endforeach()
  get_target_property(report EnergyPass::energy-report IMPORTED_LOCATION)
  set(script "${CMAKE_CURRENT_BINARY_DIR}/energypass-gate-${name}.cmake")
  # file(GENERATE) so that generator expressions in COMMAND are evaluated.
  file(GENERATE OUTPUT "${script}" CONTENT
"set(GATE_NAME [==[${name}]==])
set(GATE_COMMAND [==[${GATE_COMMAND}]==])
set(GATE_BASELINE [==[${baselines}]==])
set(GATE_THRESHOLD [==[${GATE_THRESHOLD}]==])
set(GATE_FAIL_ON [==[${GATE_FAIL_ON}]==])
set(GATE_RUNS ${GATE_RUNS})
set(GATE_WORKING_DIRECTORY [==[${GATE_WORKING_DIRECTORY}]==])
set(GATE_REPORT_DIR [==[${CMAKE_CURRENT_BINARY_DIR}/energypass-gate-${name}]==])
set(GATE_ENERGY_REPORT [==[${report}]==])
include([==[${_ENERGYPASS_GATE_RUNNER}]==])
")
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -P "${script}")
  set_tests_properties(${name} PROPERTIES LABELS energypass-gate)
endfunction()
