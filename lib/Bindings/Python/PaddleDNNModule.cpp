//===- PaddleDNNModule.cpp - paddlednn._paddlednn: the C API for Python ---===//
//
// A thin layer over PaddleDNN.h: numpy arrays in (read in place when they
// are C-contiguous and of the model's dtype), numpy arrays out (viewing the
// output's buffer, which the array keeps alive: no copy). The GIL is
// released while a model runs, so Python threads run one predictor at once.
// paddlednn.inference builds Paddle Inference's API on top.
//
//===----------------------------------------------------------------------===//

#include "PaddleDNN/PaddleDNN.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

/// Raised for every failed call: the status's name and the message.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(pdnn_status status) {
  if (status != PDNN_OK)
    throw Error(pdnn_last_error());
}

py::dtype numpyDtype(pdnn_dtype dtype) {
  switch (dtype) {
  case PDNN_FLOAT32:
    return py::dtype::of<float>();
  case PDNN_BFLOAT16:
    return py::dtype::of<uint16_t>();
  case PDNN_INT64:
    return py::dtype::of<int64_t>();
  case PDNN_INT32:
    return py::dtype::of<int32_t>();
  case PDNN_UINT8:
    return py::dtype::of<uint8_t>();
  case PDNN_INT8:
    return py::dtype::of<int8_t>();
  }
  throw Error("unknown element type");
}

/// The dtype of an array, by kind and size (numpy has several objects for
/// one 64-bit integer type); bfloat16 data travels as uint16 and is taken
/// as such when the model wants bfloat16. Byte order must be the machine's.
std::optional<pdnn_dtype> pdnnDtype(const py::dtype &dtype, pdnn_dtype wanted) {
  char kind = dtype.kind();
  py::ssize_t size = dtype.itemsize();
  if (size > 1 && !dtype.attr("isnative").cast<bool>())
    return std::nullopt;
  if (kind == 'f' && size == 4)
    return PDNN_FLOAT32;
  if (kind == 'i' && size == 8)
    return PDNN_INT64;
  if (kind == 'i' && size == 4)
    return PDNN_INT32;
  if (kind == 'u' && size == 1)
    return PDNN_UINT8;
  if (kind == 'i' && size == 1)
    return PDNN_INT8;
  if (kind == 'u' && size == 2 && wanted == PDNN_BFLOAT16)
    return PDNN_BFLOAT16;
  return std::nullopt;
}

py::dict infoDict(const pdnn_tensor_info &info) {
  py::dict result;
  result["name"] = info.name;
  result["dtype"] = numpyDtype(info.dtype);
  result["element_type"] = pdnn_dtype_name(info.dtype);
  result["shape"] = std::vector<int64_t>(info.shape, info.shape + info.rank);
  result["has_lod"] = info.has_lod != 0;
  return result;
}

class Predictor {
public:
  explicit Predictor(pdnn_predictor *raw) : raw(raw, pdnn_predictor_destroy) {}

  static Predictor load(const std::string &path) {
    pdnn_predictor *raw = nullptr;
    pdnn_status status;
    {
      // Preparing the weights needs no Python.
      py::gil_scoped_release release;
      status = pdnn_predictor_load(path.c_str(), &raw);
    }
    check(status);
    return Predictor(raw);
  }

  static Predictor compile(const std::string &model, const pdnn_compile_options &options) {
    pdnn_predictor *raw = nullptr;
    pdnn_status status;
    {
      py::gil_scoped_release release;
      status = pdnn_predictor_compile(model.c_str(), &options, &raw);
    }
    check(status);
    return Predictor(raw);
  }

  Predictor clone() const { return Predictor(pdnn_predictor_clone(raw.get())); }

  std::string name() const { return pdnn_predictor_name(raw.get()); }

  py::list inputs() const {
    return describe(pdnn_predictor_num_inputs(raw.get()), pdnn_predictor_input);
  }

  py::list outputs() const {
    return describe(pdnn_predictor_num_outputs(raw.get()), pdnn_predictor_output);
  }

  /// feeds: {name: (array, lod offsets or None)}; returns [(array, lod or
  /// None)] in the model's output order.
  py::list run(const py::dict &feeds) const {
    struct Feed {
      std::string name;
      py::array array;
      std::vector<int64_t> shape, lod;
      bool hasLod = false;
    };
    std::vector<Feed> held;
    std::vector<pdnn_tensor_info> infos(static_cast<size_t>(pdnn_predictor_num_inputs(raw.get())));
    for (size_t i = 0; i < infos.size(); ++i)
      check(pdnn_predictor_input(raw.get(), static_cast<int32_t>(i), &infos[i]));
    for (auto item : feeds) {
      Feed feed;
      feed.name = py::cast<std::string>(item.first);
      auto value = py::cast<py::tuple>(item.second);
      py::array array = py::cast<py::array>(value[0]);
      pdnn_dtype wanted = PDNN_FLOAT32;
      for (const pdnn_tensor_info &info : infos)
        if (feed.name == info.name)
          wanted = info.dtype;
      if (!pdnnDtype(array.dtype(), wanted))
        throw Error("input '" + feed.name + "' has dtype " +
                    py::cast<std::string>(py::str(array.dtype())) +
                    ", which PaddleDNN models do not take (float32, bfloat16 as uint16, "
                    "int64, int32, uint8, int8)");
      // Read in place when C-contiguous; else one contiguous copy.
      feed.array = py::array::ensure(array, py::array::c_style);
      if (!feed.array)
        throw py::error_already_set();
      feed.shape.assign(feed.array.shape(), feed.array.shape() + feed.array.ndim());
      if (!value[1].is_none()) {
        feed.lod = py::cast<std::vector<int64_t>>(value[1]);
        feed.hasLod = true;
      }
      held.push_back(std::move(feed));
    }
    std::vector<pdnn_input> inputs;
    for (const Feed &feed : held) {
      pdnn_dtype wanted = PDNN_FLOAT32;
      for (const pdnn_tensor_info &info : infos)
        if (feed.name == info.name)
          wanted = info.dtype;
      inputs.push_back({feed.name.c_str(), *pdnnDtype(feed.array.dtype(), wanted),
                        static_cast<int32_t>(feed.shape.size()), feed.shape.data(),
                        feed.array.data(), feed.hasLod ? feed.lod.data() : nullptr,
                        static_cast<int64_t>(feed.lod.size())});
    }
    std::vector<pdnn_tensor *> outputs(
        static_cast<size_t>(pdnn_predictor_num_outputs(raw.get())), nullptr);
    pdnn_status status;
    {
      py::gil_scoped_release release;
      status = pdnn_predictor_run(raw.get(), inputs.data(), static_cast<int32_t>(inputs.size()),
                                  outputs.data(), static_cast<int32_t>(outputs.size()));
    }
    check(status);
    // Owned until a capsule takes each: an exception on the way frees the
    // rest.
    std::vector<std::unique_ptr<pdnn_tensor, void (*)(pdnn_tensor *)>> owned;
    for (pdnn_tensor *tensor : outputs)
      owned.emplace_back(tensor, pdnn_tensor_destroy);
    py::list results;
    for (auto &slot : owned) {
      // The array views the output's buffer; the capsule frees it with the
      // array.
      pdnn_tensor *tensor = slot.get();
      py::capsule owner(tensor, [](void *t) { pdnn_tensor_destroy(static_cast<pdnn_tensor *>(t)); });
      slot.release();
      const int64_t *shape = pdnn_tensor_shape(tensor);
      std::vector<py::ssize_t> dims(shape, shape + pdnn_tensor_rank(tensor));
      py::array array(numpyDtype(pdnn_tensor_dtype(tensor)), dims,
                      pdnn_tensor_data(tensor), owner);
      // Outputs are the caller's to read; writes would land in a buffer
      // other results may share.
      array.attr("flags").attr("writeable") = false;
      int64_t lodSize = 0;
      const int64_t *lod = pdnn_tensor_lod(tensor, &lodSize);
      py::object lodList = lod ? py::cast(std::vector<int64_t>(lod, lod + lodSize))
                               : py::object(py::none());
      results.append(py::make_tuple(array, lodList));
    }
    return results;
  }

private:
  py::list describe(int32_t count,
                    pdnn_status (*info)(const pdnn_predictor *, int32_t, pdnn_tensor_info *)) const {
    py::list list;
    for (int32_t i = 0; i < count; ++i) {
      pdnn_tensor_info tensor;
      check(info(raw.get(), i, &tensor));
      list.append(infoDict(tensor));
    }
    return list;
  }

  std::shared_ptr<pdnn_predictor> raw;
};

pdnn_compile_options compileOptions(const std::optional<std::string> &params, bool fuse,
                                    const std::string &precision,
                                    const std::optional<std::string> &ranges,
                                    bool reference, int optLevel,
                                    std::vector<std::string> &strings) {
  pdnn_compile_options options;
  pdnn_compile_options_init(&options);
  strings.reserve(2);
  if (params) {
    strings.push_back(*params);
    options.params_file = strings.back().c_str();
  }
  if (ranges) {
    strings.push_back(*ranges);
    options.ranges_file = strings.back().c_str();
  }
  options.fuse = fuse;
  if (precision == "float32")
    options.precision = PDNN_PRECISION_FLOAT32;
  else if (precision == "bfloat16")
    options.precision = PDNN_PRECISION_BFLOAT16;
  else if (precision == "int8")
    options.precision = PDNN_PRECISION_INT8;
  else
    throw Error("precision is float32, bfloat16 or int8, not '" + precision + "'");
  options.reference_backend = reference;
  options.opt_level = optLevel;
  return options;
}

} // namespace

PYBIND11_MODULE(_paddlednn, m) {
  m.doc() = "PaddleDNN's C API (PaddleDNN/PaddleDNN.h) for Python";
  py::register_exception<Error>(m, "Error", PyExc_RuntimeError);

  py::class_<Predictor>(m, "Predictor")
      .def_static("load", &Predictor::load, py::arg("library"),
                  "Load a library pdnn-compile wrote")
      .def_static(
          "compile",
          [](const std::string &model, std::optional<std::string> params, bool fuse,
             const std::string &precision, std::optional<std::string> ranges, bool reference,
             int optLevel) {
            std::vector<std::string> strings;
            pdnn_compile_options options =
                compileOptions(params, fuse, precision, ranges, reference, optLevel, strings);
            return Predictor::compile(model, options);
          },
          py::arg("model"), py::arg("params") = py::none(), py::arg("fuse") = true,
          py::arg("precision") = "float32", py::arg("ranges") = py::none(),
          py::arg("reference") = false, py::arg("opt_level") = 3,
          "Import and compile a Paddle model in this process")
      .def("clone", &Predictor::clone, "A new reference to the same compiled model")
      .def_property_readonly("name", &Predictor::name)
      .def_property_readonly("inputs", &Predictor::inputs)
      .def_property_readonly("outputs", &Predictor::outputs)
      .def("run", &Predictor::run, py::arg("feeds"),
           "Run on {name: (array, lod or None)}; returns [(array, lod or None)]");

  m.def(
      "compile",
      [](const std::string &model, const std::string &output, std::optional<std::string> params,
         bool fuse, const std::string &precision, std::optional<std::string> ranges,
         bool reference, int optLevel) {
        std::vector<std::string> strings;
        pdnn_compile_options options =
            compileOptions(params, fuse, precision, ranges, reference, optLevel, strings);
        pdnn_status status;
        {
          py::gil_scoped_release release;
          status = pdnn_compile(model.c_str(), &options, output.c_str());
        }
        check(status);
      },
      py::arg("model"), py::arg("output"), py::arg("params") = py::none(),
      py::arg("fuse") = true, py::arg("precision") = "float32", py::arg("ranges") = py::none(),
      py::arg("reference") = false, py::arg("opt_level") = 3,
      "Compile a Paddle model into a shared library (as pdnn-compile)");
  m.def("runtime_version", &pdnn_runtime_version);
  m.def("set_num_threads", &pdnn_set_num_threads, py::arg("threads"),
        "The OpenMP threads the calling thread's next runs use");
}
