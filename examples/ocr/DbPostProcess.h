//===- DbPostProcess.h - text boxes from a DB probability map -*- C++ -*-===//
//
// PaddleOCR's DBPostProcess (ppocr/postprocess/db_postprocess.py) and its
// detector's box filtering, on OpenCV and Clipper: threshold the map,
// take each connected region's contour, its minimum-area rectangle, the
// mean probability inside it ("fast" box score), expand it by the unclip
// distance area * ratio / perimeter (Clipper's round offset), take the
// expanded polygon's rectangle, scale it to the image.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXAMPLES_OCR_DBPOSTPROCESS_H
#define PADDLEDNN_EXAMPLES_OCR_DBPOSTPROCESS_H

#include "OcrImage.h"

#include <vector>

namespace ocr {

struct DbOptions {
  /// A pixel is text when its probability exceeds this.
  float threshold = 0.3f;
  /// A region is a box when its mean probability reaches this.
  float boxThreshold = 0.6f;
  /// How far a box grows: its area * ratio / its perimeter.
  float unclipRatio = 1.5f;
  /// At most this many regions are considered.
  int maxCandidates = 1000;
};

struct DetectedBox {
  Quad quad;
  float score;
};

/// The boxes of the probability map `map` (one f32 channel, the
/// detector's input size), in pixels of an image of `imageSize`, sorted
/// top to bottom, then left to right within a line (sorted_boxes).
std::vector<DetectedBox> boxesFromMap(const cv::Mat &map, cv::Size imageSize,
                                      const DbOptions &options);

/// The corners of `points` clockwise from the top-left: smallest x+y
/// first, largest x+y third; of the other two, smaller y-x second.
Quad orderClockwise(const Quad &points);

} // namespace ocr

#endif // PADDLEDNN_EXAMPLES_OCR_DBPOSTPROCESS_H
