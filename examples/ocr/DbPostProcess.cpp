//===- DbPostProcess.cpp - text boxes from a DB probability map -----------===//

#include "DbPostProcess.h"

#include <clipper.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

using namespace ocr;

namespace {
/// get_mini_boxes: the minimum-area rectangle of `points` as top-left,
/// top-right, bottom-right, bottom-left (of the two leftmost corners the
/// upper one first, of the two rightmost the upper one), and its shorter
/// side.
struct MiniBox {
  Quad quad;
  float shorterSide;
};
} // namespace

static MiniBox miniBox(const std::vector<cv::Point> &points) {
  cv::RotatedRect rect = cv::minAreaRect(points);
  std::array<cv::Point2f, 4> corners;
  rect.points(corners.data());
  std::stable_sort(corners.begin(), corners.end(),
                   [](cv::Point2f a, cv::Point2f b) { return a.x < b.x; });
  auto [topLeft, bottomLeft] =
      corners[1].y > corners[0].y ? std::pair(0, 1) : std::pair(1, 0);
  auto [topRight, bottomRight] =
      corners[3].y > corners[2].y ? std::pair(2, 3) : std::pair(3, 2);
  return {{corners[topLeft], corners[topRight], corners[bottomRight], corners[bottomLeft]},
          std::min(rect.size.width, rect.size.height)};
}

/// box_score_fast: the mean probability over the quad's pixels within its
/// bounding rectangle.
static float boxScore(const cv::Mat &map, const Quad &quad) {
  float minX = quad[0].x, maxX = minX, minY = quad[0].y, maxY = minY;
  for (const cv::Point2f &p : quad) {
    minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
    minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
  int x0 = std::clamp(int(std::floor(minX)), 0, map.cols - 1);
  int x1 = std::clamp(int(std::ceil(maxX)), 0, map.cols - 1);
  int y0 = std::clamp(int(std::floor(minY)), 0, map.rows - 1);
  int y1 = std::clamp(int(std::ceil(maxY)), 0, map.rows - 1);
  cv::Mat mask = cv::Mat::zeros(y1 - y0 + 1, x1 - x0 + 1, CV_8U);
  std::vector<cv::Point> polygon;
  for (const cv::Point2f &p : quad)
    polygon.emplace_back(int(p.x - x0), int(p.y - y0));
  cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, 1);
  return float(cv::mean(map(cv::Range(y0, y1 + 1), cv::Range(x0, x1 + 1)), mask)[0]);
}

/// unclip: the quad grown by area * ratio / perimeter with Clipper's round
/// joins; the points of every resulting polygon.
static std::vector<cv::Point> unclip(const Quad &quad, float ratio) {
  double area = 0, perimeter = 0;
  for (int i = 0; i < 4; ++i) {
    const cv::Point2f &a = quad[i], &b = quad[(i + 1) % 4];
    area += double(a.x) * b.y - double(b.x) * a.y;
    perimeter += cv::norm(b - a);
  }
  double distance = std::abs(area) / 2 * ratio / perimeter;
  ClipperLib::Path path;
  // Clipper works on integers; PaddleOCR's pyclipper truncates the same way.
  for (const cv::Point2f &p : quad)
    path.emplace_back(ClipperLib::cInt(p.x), ClipperLib::cInt(p.y));
  ClipperLib::ClipperOffset offset;
  offset.AddPath(path, ClipperLib::jtRound, ClipperLib::etClosedPolygon);
  ClipperLib::Paths grown;
  offset.Execute(grown, distance);
  std::vector<cv::Point> points;
  for (const ClipperLib::Path &polygon : grown)
    for (const ClipperLib::IntPoint &p : polygon)
      points.emplace_back(int(p.X), int(p.Y));
  return points;
}

Quad ocr::orderClockwise(const Quad &points) {
  auto bySum = [](cv::Point2f a, cv::Point2f b) { return a.x + a.y < b.x + b.y; };
  int first = int(std::min_element(points.begin(), points.end(), bySum) - points.begin());
  int third = int(std::max_element(points.begin(), points.end(), bySum) - points.begin());
  if (first == third)
    return points;
  std::vector<cv::Point2f> rest;
  for (int i = 0; i < 4; ++i)
    if (i != first && i != third)
      rest.push_back(points[i]);
  if (rest[1].y - rest[1].x < rest[0].y - rest[0].x)
    std::swap(rest[0], rest[1]);
  return {points[first], rest[0], points[third], rest[1]};
}

std::vector<DetectedBox> ocr::boxesFromMap(const cv::Mat &map, cv::Size imageSize,
                                           const DbOptions &options) {
  cv::Mat text = map > options.threshold;
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(text, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
  constexpr float kMinSize = 3;
  std::vector<DetectedBox> boxes;
  size_t candidates = std::min(contours.size(), size_t(std::max(options.maxCandidates, 0)));
  for (size_t i = 0; i < candidates; ++i) {
    MiniBox box = miniBox(contours[i]);
    if (box.shorterSide < kMinSize)
      continue;
    float score = boxScore(map, box.quad);
    if (score < options.boxThreshold)
      continue;
    std::vector<cv::Point> grown = unclip(box.quad, options.unclipRatio);
    if (grown.size() < 3)
      continue;
    MiniBox expanded = miniBox(grown);
    if (expanded.shorterSide < kMinSize + 2)
      continue;
    // To the image's pixels, rounded and clipped as PaddleOCR does; then
    // filter_tag_det_res: clockwise, inside the image, more than 3 pixels
    // wide and high.
    Quad quad;
    for (int c = 0; c < 4; ++c) {
      // np.round: halves to even.
      float x = std::nearbyint(expanded.quad[c].x / map.cols * imageSize.width);
      float y = std::nearbyint(expanded.quad[c].y / map.rows * imageSize.height);
      quad[c] = {std::clamp(x, 0.0f, float(imageSize.width - 1)),
                 std::clamp(y, 0.0f, float(imageSize.height - 1))};
    }
    quad = orderClockwise(quad);
    if (int(cv::norm(quad[0] - quad[1])) <= 3 || int(cv::norm(quad[0] - quad[3])) <= 3)
      continue;
    boxes.push_back({quad, score});
  }
  // sorted_boxes: by the top-left corner's (y, x); then, within 10 pixels
  // of height, left before right.
  std::stable_sort(boxes.begin(), boxes.end(), [](const DetectedBox &a, const DetectedBox &b) {
    return std::pair(a.quad[0].y, a.quad[0].x) < std::pair(b.quad[0].y, b.quad[0].x);
  });
  for (size_t i = 0; i + 1 < boxes.size(); ++i)
    for (size_t j = i + 1; j > 0; --j) {
      const Quad &upper = boxes[j - 1].quad, &lower = boxes[j].quad;
      if (std::abs(lower[0].y - upper[0].y) < 10 && lower[0].x < upper[0].x)
        std::swap(boxes[j - 1], boxes[j]);
      else
        break;
    }
  return boxes;
}
