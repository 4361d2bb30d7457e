//===- OcrImage.h - PaddleOCR's image pre-processing with OpenCV -*- C++ -*-===//
//
// The image steps of PaddleOCR's inference (tools/infer/predict_*.py and
// deploy/cpp_infer), on OpenCV: the detector's resize to multiples of 32
// and ImageNet normalisation, the perspective crop of a text box, and the
// classifier's and recogniser's fixed-height resize with right padding. The
// images stay BGR, as PaddleOCR reads them with cv2.imread.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_EXAMPLES_OCR_OCRIMAGE_H
#define PADDLEDNN_EXAMPLES_OCR_OCRIMAGE_H

#include "PaddleDNN/Execution/HostTensor.h"

#include "llvm/Support/Error.h"

#include <opencv2/core.hpp>

#include <array>
#include <string>
#include <vector>

namespace ocr {

/// A text box: four corners, clockwise from the top-left, in pixels of the
/// original image.
using Quad = std::array<cv::Point2f, 4>;

/// Reads an image file as 8-bit BGR. Corrupt, truncated, empty or too
/// large files (more than `maxPixels`) give an error naming the file.
llvm::Expected<cv::Mat> readImage(const std::string &path, size_t maxPixels);

/// DetResizeForTest with limit_type "max": scales so the longer side is at
/// most `limitSide`, then rounds each side to a multiple of 32 (at least 32).
cv::Size detectorInputSize(cv::Size image, int limitSide);

/// The detector's input [1, 3, H, W]: `image` resized to `size`, x/255
/// normalised by ImageNet's mean and std per channel.
llvm::Expected<mlir::pdnn::HostTensor> detectorInput(const cv::Mat &image, cv::Size size);

/// get_rotate_crop_image: the quad warped to an upright rectangle (cubic,
/// border replicated), turned 90° counter-clockwise when it is at least 1.5
/// times higher than wide (vertical text).
cv::Mat cropQuad(const cv::Mat &image, const Quad &quad);

/// resize_norm_img of the classifier and the recogniser: each crop resized
/// to `height` keeping its ratio (at most `width` wide), (x/255 - 0.5)/0.5,
/// zero-padded on the right; one [N, 3, height, width] batch.
llvm::Expected<mlir::pdnn::HostTensor> lineBatch(const std::vector<const cv::Mat *> &crops,
                                                 int height, int width);

} // namespace ocr

#endif // PADDLEDNN_EXAMPLES_OCR_OCRIMAGE_H
