//===- Version.cpp - pdnnrt_abi_version -----------------------------------===//

#include "PaddleDNN/Runtime/PDNNRuntime.h"
#include "PaddleDNN/Runtime/RuntimeABI.h"

const char *pdnnrt_abi_version(void) { return PDNNRT_ABI_VERSION; }
