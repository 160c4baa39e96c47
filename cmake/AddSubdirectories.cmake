# energy_add_subdirectories(dir...): adds each listed subdirectory that has a CMakeLists.txt.
# Components live in their own folders and are added here in dependency order.
function(energy_add_subdirectories)
  foreach(dir IN LISTS ARGN)
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/CMakeLists.txt)
      add_subdirectory(${dir})
    endif()
  endforeach()
endfunction()
