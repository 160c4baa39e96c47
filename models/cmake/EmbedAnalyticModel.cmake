# Writes a C++ source holding an analytic model file (docs/formats/model.md) twice: its text, and
# its parameters as numbers, so that loadModel() can tell the shipped default model by its bytes
# and build it without parsing JSON (about 240 thousand instructions in every process's start-up;
# see docs/runtime.md, "fixed cost"). The numbers are copied as they are written in the file, and
# the C++ compiler reads them as nlohmann::json does (correctly rounded), so the two agree to the
# bit; a unit test checks it against the parser.
# The model format's name and version are read from support/Formats.h (format::Model), where the
# C++ readers take them from, so that a raised version cannot reach one side only.
# Usage: cmake -DMODEL=models/default.json -DFORMATS=runtime/support/include/support/Formats.h
#              -DOUTPUT=builtin_default_model.cpp -P EmbedAnalyticModel.cmake
file(STRINGS "${FORMATS}" declaration REGEX "Format Model{")
if(NOT declaration MATCHES "Model{\"([^\"]+)\", ([0-9]+), [0-9]+}")
  message(FATAL_ERROR "${FORMATS}: no format::Model of the form Model{\"NAME\", VERSION, OLDEST}")
endif()
set(model_format "${CMAKE_MATCH_1}")
set(model_version "${CMAKE_MATCH_2}")
file(READ "${MODEL}" text)
string(JSON format ERROR_VARIABLE error GET "${text}" format)
if(error OR NOT format STREQUAL model_format)
  message(FATAL_ERROR "${MODEL}: not an EnergyPass model (${error})")
endif()
string(JSON kind GET "${text}" kind)
string(JSON version GET "${text}" version)
if(NOT kind STREQUAL "analytic" OR NOT version STREQUAL model_version)
  message(FATAL_ERROR "${MODEL}: the built-in model must be an analytic model of version ${model_version}")
endif()
string(JSON name GET "${text}" name)
string(REGEX MATCH "^[A-Za-z0-9._ -]+$" plain_name "${name}")
if(NOT plain_name)
  message(FATAL_ERROR "${MODEL}: the built-in model's name must be plain ASCII letters, digits, . _ - or space")
endif()
if(text MATCHES "\\)model\"")
  message(FATAL_ERROR "${MODEL}: holds the raw string's delimiter")
endif()

function(number out)
  string(JSON value GET "${text}" ${ARGN})
  string(JSON type TYPE "${text}" ${ARGN})
  if(NOT type STREQUAL "NUMBER")
    string(REPLACE ";" "." key "${ARGN}")
    message(FATAL_ERROR "${MODEL}: ${key} must be a number")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

number(static static_power_w)
set(flops "")
foreach(precision half float double)
  set(row "")
  foreach(kind addsub mul div sqrt fma minmax other)
    number(value energy_pj flop ${precision} ${kind})
    string(APPEND row "${value}, ")
  endforeach()
  string(APPEND flops "      {${row}},\n")
endforeach()
number(loaded energy_pj byte_loaded)
number(stored energy_pj byte_stored)
number(instruction energy_pj instruction)
number(branch energy_pj branch)

file(WRITE "${OUTPUT}.tmp" "// Generated from ${MODEL} by models/cmake/EmbedAnalyticModel.cmake: do not edit.
#include \"energy/model/builtin_model.h\"

namespace energy::model {

const std::string_view BuiltInModelText = R\"model(${text})model\";

AnalyticModel builtInModel() {
  AnalyticPicojoules P{\"${name}\", ${version}, ${static}, {{
${flops}    }, ${loaded}, ${stored}, ${instruction}, ${branch}}};
  return AnalyticModel::fromPicojoules(P);
}

} // namespace energy::model
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
