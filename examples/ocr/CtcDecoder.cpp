//===- CtcDecoder.cpp - the recogniser's CTC greedy decoding --------------===//

#include "CtcDecoder.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace ocr;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<CtcDecoder> CtcDecoder::load(llvm::StringRef dictionaryPath) {
  auto buffer = llvm::MemoryBuffer::getFile(dictionaryPath, /*IsText=*/true);
  if (!buffer)
    return fail("cannot read the dictionary '" + dictionaryPath +
                "': " + buffer.getError().message());
  CtcDecoder decoder;
  llvm::StringRef text = (*buffer)->getBuffer();
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    line.consume_back("\r");
    // A line is a symbol as is: the English dictionary's last one is " ".
    decoder.symbols.push_back(line.str());
  }
  if (decoder.symbols.empty())
    return fail("the dictionary '" + dictionaryPath + "' is empty");
  return decoder;
}

llvm::Error CtcDecoder::matchClasses(int64_t count) {
  auto size = int64_t(symbols.size());
  if (count != size + 1 && count != size + 2)
    return fail(llvm::formatv("the recogniser has {0} classes; a dictionary of {1} symbols needs "
                              "{2} (blank and symbols) or {3} (and space)",
                              count, size, size + 1, size + 2));
  classes = count;
  return llvm::Error::success();
}

DecodedText CtcDecoder::decode(const float *probabilities, int64_t steps) const {
  DecodedText decoded;
  double sum = 0;
  int kept = 0;
  int64_t previous = -1;
  for (int64_t t = 0; t < steps; ++t) {
    const float *row = probabilities + t * classes;
    auto best = int64_t(std::max_element(row, row + classes) - row);
    bool repeat = best == previous;
    previous = best;
    if (best == 0 || repeat)
      continue;
    decoded.text += best <= int64_t(symbols.size()) ? symbols[best - 1] : std::string(" ");
    sum += row[best];
    ++kept;
  }
  decoded.score = kept ? float(sum / kept) : 0.0f;
  return decoded;
}
