//===- CtcDecoder.h - the recogniser's CTC greedy decoding ------*- C++ -*-===//
//
// PaddleOCR's CTCLabelDecode: class 0 is the CTC blank, class i (1 <= i <=
// n) the dictionary's line i, class n + 1 a space when the model was
// trained with use_space_char. Per time step the most probable class;
// repeats collapse, blanks drop; the line's score is the mean probability
// of the kept steps.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXAMPLES_OCR_CTCDECODER_H
#define PADDLEDNN_EXAMPLES_OCR_CTCDECODER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ocr {

struct DecodedText {
  std::string text;
  float score = 0;
};

class CtcDecoder {
public:
  /// Reads a dictionary: one UTF-8 symbol per line.
  static llvm::Expected<CtcDecoder> load(llvm::StringRef dictionaryPath);
  /// Checks that a model with `classes` outputs per step fits this
  /// dictionary (with or without the space class) and remembers which.
  llvm::Error matchClasses(int64_t classes);
  /// Decodes one line: `probabilities` holds `steps` rows of the class
  /// count given to matchClasses.
  DecodedText decode(const float *probabilities, int64_t steps) const;

private:
  std::vector<std::string> symbols;
  int64_t classes = 0;
};

} // namespace ocr

#endif // PADDLEDNN_EXAMPLES_OCR_CTCDECODER_H
