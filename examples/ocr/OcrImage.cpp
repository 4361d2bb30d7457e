//===- OcrImage.cpp - PaddleOCR's image pre-processing with OpenCV --------===//

#include "OcrImage.h"

#include "llvm/Support/FormatVariadic.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

using mlir::pdnn::ElementKind;
using mlir::pdnn::HostTensor;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<cv::Mat> ocr::readImage(const std::string &path, size_t maxPixels) {
  cv::Mat image;
  try {
    image = cv::imread(path, cv::IMREAD_COLOR);
  } catch (const cv::Exception &e) {
    return fail("cannot decode '" + path + "': " + e.what());
  }
  if (image.empty())
    return fail("cannot decode '" + path +
                "': not an image OpenCV reads, truncated, or over its pixel limit");
  if (size_t(image.total()) > maxPixels)
    return fail(llvm::formatv("'{0}' has {1}x{2} pixels, more than the limit of {3}", path,
                              image.cols, image.rows, maxPixels));
  return image;
}

cv::Size ocr::detectorInputSize(cv::Size image, int limitSide) {
  int longer = std::max(image.width, image.height);
  double ratio = longer > limitSide ? double(limitSide) / longer : 1.0;
  // int() then round to the nearest multiple of 32, as DetResizeForTest
  // (Python's round: halves to even, as nearbyint does).
  auto side = [&](int length) {
    int scaled = int(length * ratio);
    return std::max(int(std::nearbyint(scaled / 32.0)) * 32, 32);
  };
  return {side(image.width), side(image.height)};
}

/// Writes the 3 channels of the f32 `image` as planes of `tensor` starting
/// at element `offset`, `image`'s columns padded with zeros to `width`.
static void writePlanes(const cv::Mat &image, HostTensor &tensor, int64_t offset, int width) {
  std::vector<cv::Mat> planes;
  float *base = tensor.dataAs<float>() + offset;
  int64_t plane = int64_t(image.rows) * width;
  for (int c = 0; c < 3; ++c) {
    cv::Mat full(image.rows, width, CV_32F, base + c * plane);
    planes.push_back(full.colRange(0, image.cols));
  }
  cv::split(image, planes);
}

llvm::Expected<HostTensor> ocr::detectorInput(const cv::Mat &image, cv::Size size) {
  auto tensor = HostTensor::allocate(ElementKind::F32, {1, 3, size.height, size.width});
  if (!tensor)
    return tensor.takeError();
  cv::Mat resized, scaled;
  cv::resize(image, resized, size);
  resized.convertTo(scaled, CV_32FC3, 1.0 / 255);
  // NormalizeImage's ImageNet statistics, applied in the image's own
  // channel order (BGR), as PaddleOCR does.
  cv::subtract(scaled, cv::Scalar(0.485, 0.456, 0.406), scaled);
  cv::divide(scaled, cv::Scalar(0.229, 0.224, 0.225), scaled);
  writePlanes(scaled, *tensor, 0, size.width);
  return tensor;
}

cv::Mat ocr::cropQuad(const cv::Mat &image, const Quad &quad) {
  auto distance = [](cv::Point2f a, cv::Point2f b) { return float(cv::norm(a - b)); };
  int width = std::max(1, int(std::max(distance(quad[0], quad[1]), distance(quad[2], quad[3]))));
  int height = std::max(1, int(std::max(distance(quad[0], quad[3]), distance(quad[1], quad[2]))));
  cv::Point2f upright[4] = {{0, 0}, {float(width), 0}, {float(width), float(height)},
                            {0, float(height)}};
  cv::Mat transform = cv::getPerspectiveTransform(quad.data(), upright);
  cv::Mat crop;
  cv::warpPerspective(image, crop, transform, cv::Size(width, height), cv::INTER_CUBIC,
                      cv::BORDER_REPLICATE);
  if (crop.rows >= 1.5 * crop.cols)
    cv::rotate(crop, crop, cv::ROTATE_90_COUNTERCLOCKWISE);
  return crop;
}

llvm::Expected<HostTensor> ocr::lineBatch(const std::vector<const cv::Mat *> &crops, int height,
                                          int width) {
  auto tensor =
      HostTensor::allocate(ElementKind::F32, {int64_t(crops.size()), 3, height, width});
  if (!tensor)
    return tensor.takeError();
  std::fill_n(tensor->dataAs<float>(), tensor->numElements(), 0.0f);
  int64_t imageSize = int64_t(3) * height * width;
  for (auto [index, crop] : llvm::enumerate(crops)) {
    double ratio = double(crop->cols) / crop->rows;
    int resizedWidth = std::clamp(int(std::ceil(height * ratio)), 1, width);
    cv::Mat resized, scaled;
    cv::resize(*crop, resized, cv::Size(resizedWidth, height));
    // (x / 255 - 0.5) / 0.5
    resized.convertTo(scaled, CV_32FC3, 2.0 / 255, -1.0);
    writePlanes(scaled, *tensor, int64_t(index) * imageSize, width);
  }
  return tensor;
}
