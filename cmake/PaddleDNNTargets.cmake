# Helpers shared by every PaddleDNN target.
#
# libMLIR.so and libLLVM.so from Debian are built without RTTI, so any of our
# code that derives from their classes (passes, dialects, patterns) must be too,
# or the link fails on missing typeinfo. Everything links the MLIR dylib rather
# than the static component libraries: one copy of MLIR's global registries and
# much faster links on a 2-core machine.

set(PDNN_WARNING_FLAGS -Wall -Wextra)

function(pdnn_set_compile_flags target)
  target_compile_options(${target} PRIVATE ${PDNN_WARNING_FLAGS} -fno-rtti)
endfunction()

# pdnn_add_library(<name> SOURCES ... [DEPENDS tablegen-targets...] [LINK_LIBS ...]
#                  [PRECOMPILE headers...])
# A static library that is installed and exported as PaddleDNN::<name>.
# PRECOMPILE names the headers (<...> form) that most of its units include:
# parsing MLIR's headers and our op classes is 6-7 s of a unit's ~10 s at
# -O3, so a library of many units parses them once.
function(pdnn_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_LIBS;PRECOMPILE" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  add_library(PaddleDNN::${name} ALIAS ${name})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # Users of our headers need MLIR's and LLVM's too.
  target_include_directories(${name} SYSTEM PUBLIC
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  pdnn_set_compile_flags(${name})
  if(ARG_PRECOMPILE AND PDNN_PRECOMPILE_HEADERS)
    target_precompile_headers(${name} PRIVATE ${ARG_PRECOMPILE})
  endif()
  install(TARGETS ${name} EXPORT PaddleDNNTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# pdnn_add_tool(<name> SOURCES ... LINK_LIBS ...)
function(pdnn_add_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} MLIR LLVM)
  pdnn_set_compile_flags(${name})
  install(TARGETS ${name} EXPORT PaddleDNNTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()

# pdnn_add_tablegen_doc(<td-file> <output.md> <mlir-tblgen flags>...)
# Generates a Markdown reference from ODS into <build>/docs at build time.
function(pdnn_add_tablegen_doc td output)
  set(LLVM_TARGET_DEFINITIONS ${td})
  mlir_tablegen(${output} ${ARGN})
  set(doc ${PROJECT_BINARY_DIR}/docs/${output})
  add_custom_command(OUTPUT ${doc}
    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_BINARY_DIR}/${output} ${doc}
    DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/${output})
  get_filename_component(stem ${output} NAME_WE)
  add_custom_target(pdnn-doc-${stem} ALL DEPENDS ${doc})
  install(FILES ${doc} DESTINATION ${CMAKE_INSTALL_DOCDIR})
endfunction()
