# `cmake --install` lays out headers, libraries, tools and a package config so
# that another CMake project can `find_package(PaddleDNN)` and run our dialect
# and passes in its own pipeline.
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/PaddleDNN
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/PaddleDNN
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.inc")

set(PDNN_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/PaddleDNN)
install(EXPORT PaddleDNNTargets NAMESPACE PaddleDNN::
        DESTINATION ${PDNN_CMAKE_INSTALL_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/PaddleDNNConfig.cmake.in
  ${PROJECT_BINARY_DIR}/PaddleDNNConfig.cmake
  INSTALL_DESTINATION ${PDNN_CMAKE_INSTALL_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/PaddleDNNConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/PaddleDNNConfig.cmake
              ${PROJECT_BINARY_DIR}/PaddleDNNConfigVersion.cmake
        DESTINATION ${PDNN_CMAKE_INSTALL_DIR})
