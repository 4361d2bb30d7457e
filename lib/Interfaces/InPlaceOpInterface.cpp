//===- InPlaceOpInterface.cpp - ops that may write over an input ----------===//

#include "PaddleDNN/Interfaces/InPlaceOpInterface.h"

#include "PaddleDNN/Interfaces/InPlaceOpInterface.cpp.inc"
