# EnergyPassRunGate.cmake: what a test registered by energypass_add_gate() runs (cmake -P), with
# the GATE_* variables set by the script that energypass_add_gate() generated.

# CMake wraps FATAL_ERROR text; the reason goes out whole, on one line, before it.
function(gate_fail reason)
  message(NOTICE "energy gate ${GATE_NAME}: ${reason}")
  message(FATAL_ERROR "energy gate ${GATE_NAME} failed")
endfunction()

file(REMOVE_RECURSE "${GATE_REPORT_DIR}")
file(MAKE_DIRECTORY "${GATE_REPORT_DIR}")

set(reports "")
foreach(run RANGE 1 ${GATE_RUNS})
  set(report "${GATE_REPORT_DIR}/run-${run}.json")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "ENERGY_REPORT=${report}" ${GATE_COMMAND}
    WORKING_DIRECTORY "${GATE_WORKING_DIRECTORY}"
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    gate_fail("the command failed (${status}) in run ${run}: ${GATE_COMMAND}")
  endif()
  if(NOT EXISTS "${report}")
    gate_fail("the command wrote no report ${report}; is it built with energypass_instrument()?")
  endif()
  list(APPEND reports "${report}")
endforeach()

list(GET GATE_BASELINE 0 first_baseline)
list(GET reports 0 first_report)
if("$ENV{ENERGYPASS_UPDATE_BASELINE}" STREQUAL "1")
  file(COPY_FILE "${first_report}" "${first_baseline}")
  message(STATUS "energy gate ${GATE_NAME}: baseline ${first_baseline} updated")
  return()
endif()

set(arguments diff --threshold "${GATE_THRESHOLD}" --fail-on "${GATE_FAIL_ON}")
foreach(file IN LISTS GATE_BASELINE)
  if(NOT EXISTS "${file}")
    gate_fail("no baseline ${file}; create it with ENERGYPASS_UPDATE_BASELINE=1 ctest -R ${GATE_NAME} and commit it")
  endif()
  list(APPEND arguments --base "${file}")
endforeach()
foreach(report IN LISTS reports)
  list(APPEND arguments --new "${report}")
endforeach()
execute_process(COMMAND "${GATE_ENERGY_REPORT}" ${arguments} RESULT_VARIABLE status)
if(status EQUAL 1)
  gate_fail("regression against ${first_baseline} (see above); if it is intended, accept it with ENERGYPASS_UPDATE_BASELINE=1 ctest -R ${GATE_NAME} and commit the baseline")
elseif(NOT status EQUAL 0)
  gate_fail("energy-report diff failed (${status})")
endif()
