//===- ReadPirJson.cpp - Paddle 3's PIR program (JSON) --------------------===//
//
// PIR writes SSA values where the legacy format writes named vars, fixed
// operand positions where it writes named slots, and constant tensor
// operands (`pd_op.full`) where it writes attributes. This reader maps the
// PIR ops we model onto their legacy form (op type, slot names, attribute
// names) so that the module builder sees one kind of program. The format
// is described in docs/PirFormat.md; the JSON is read with LLVM's parser.
//
//===----------------------------------------------------------------------===//

#include "PaddleProgram.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

using namespace mlir::pdnn::paddle;
namespace json = llvm::json;
using llvm::Error;
using llvm::Expected;

static Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {

/// A PIR op and its legacy counterpart. An input slot written "=name" is a
/// constant operand (pd_op.full) that becomes attribute `name`.
struct PirOpMapping {
  const char *pir;
  const char *legacy;
  std::vector<const char *> inputs, outputs;
  std::vector<std::pair<const char *, const char *>> attrs; // PIR -> legacy
};

const std::vector<PirOpMapping> &mappings() {
  static const std::vector<PirOpMapping> table = {
      {"embedding", "lookup_table_v2", {"Ids", "W"}, {"Out"}, {{"padding_idx", "padding_idx"}}},
      {"matmul", "matmul_v2", {"X", "Y"}, {"Out"},
       {{"transpose_x", "trans_x"}, {"transpose_y", "trans_y"}}},
      {"matmul_with_flatten", "mul", {"X", "Y"}, {"Out"},
       {{"x_num_col_dims", "x_num_col_dims"}, {"y_num_col_dims", "y_num_col_dims"}}},
      {"add", "elementwise_add", {"X", "Y"}, {"Out"}, {}},
      {"multiply", "elementwise_mul", {"X", "Y"}, {"Out"}, {}},
      {"gru", "gru", {"Input", "H0", "Weight", "Bias"},
       {"BatchGate", "BatchResetHiddenPrev", "BatchHidden", "Hidden"},
       {{"activation", "activation"}, {"gate_activation", "gate_activation"},
        {"is_reverse", "is_reverse"}, {"origin_mode", "origin_mode"}}},
      {"crf_decoding", "crf_decoding", {"Emission", "Transition", "Label", "Length"},
       {"ViterbiPath"}, {}},
      {"concat", "concat", {"X", "=axis"}, {"Out"}, {}},
      {"scale", "scale", {"X", "=scale"}, {"Out"},
       {{"bias", "bias"}, {"bias_after_scale", "bias_after_scale"}}},
      {"relu", "relu", {"X"}, {"Out"}, {}},
      {"tanh", "tanh", {"X"}, {"Out"}, {}},
      {"sigmoid", "sigmoid", {"X"}, {"Out"}, {}},
      {"softmax", "softmax", {"X"}, {"Out"}, {{"axis", "axis"}}},
  };
  return table;
}

const PirOpMapping *findMapping(llvm::StringRef pir) {
  for (const PirOpMapping &m : mappings())
    if (pir == m.pir)
      return &m;
  return nullptr;
}

std::optional<DataType> elementType(llvm::StringRef name) {
  static const std::pair<const char *, DataType> names[] = {
      {"t_f32", DataType::FP32},  {"t_f64", DataType::FP64},  {"t_f16", DataType::FP16},
      {"t_bf16", DataType::BF16}, {"t_i8", DataType::Int8},   {"t_ui8", DataType::UInt8},
      {"t_i16", DataType::Int16}, {"t_i32", DataType::Int32}, {"t_i64", DataType::Int64},
      {"t_bool", DataType::Bool}};
  name.consume_front("0.");
  for (auto [n, type] : names)
    if (name == n)
      return type;
  return std::nullopt;
}

std::optional<AttrValue> attrValue(const json::Object &at) {
  std::optional<llvm::StringRef> kind = at.getString("#");
  if (!kind)
    return std::nullopt;
  const json::Value *d = at.get("D");
  if (!d) {
    if (std::optional<llvm::StringRef> special = at.getString("VD"))
      return AttrValue(*special == "NaN"    ? std::nan("")
                       : *special == "-INF" ? -HUGE_VAL
                                            : HUGE_VAL);
    return std::nullopt;
  }
  llvm::StringRef k = *kind;
  if (k == "0.a_bool")
    if (std::optional<bool> b = d->getAsBoolean())
      return AttrValue(*b);
  if (k == "0.a_i32" || k == "0.a_i64" || k == "0.a_index")
    if (std::optional<int64_t> i = d->getAsInteger())
      return AttrValue(*i);
  if (k == "0.a_f32" || k == "0.a_f64")
    if (std::optional<double> f = d->getAsNumber())
      return AttrValue(*f);
  if (k == "0.a_str" || k == "1.a_dtype")
    if (std::optional<llvm::StringRef> s = d->getAsString())
      return AttrValue(s->str());
  if (k == "1.a_intarray")
    if (const json::Array *list = d->getAsArray()) {
      std::vector<int64_t> ints;
      for (const json::Value &v : *list) {
        std::optional<int64_t> i = v.getAsInteger();
        if (!i)
          return std::nullopt;
        ints.push_back(*i);
      }
      return AttrValue(ints);
    }
  if (k == "0.a_array")
    if (const json::Array *list = d->getAsArray()) {
      std::vector<int64_t> ints;
      std::vector<double> floats;
      std::vector<std::string> strings;
      std::vector<bool> bools;
      for (const json::Value &v : *list) {
        const json::Object *element = v.getAsObject();
        std::optional<AttrValue> value = element ? attrValue(*element) : std::nullopt;
        if (!value)
          return std::nullopt;
        if (auto *i = std::get_if<int64_t>(&*value))
          ints.push_back(*i);
        else if (auto *f = std::get_if<double>(&*value))
          floats.push_back(*f);
        else if (auto *s = std::get_if<std::string>(&*value))
          strings.push_back(*s);
        else if (auto *b = std::get_if<bool>(&*value))
          bools.push_back(*b);
        else
          return std::nullopt;
      }
      size_t kinds = !ints.empty() + !floats.empty() + !strings.empty() + !bools.empty();
      if (kinds > 1)
        return std::nullopt;
      if (!floats.empty())
        return AttrValue(floats);
      if (!strings.empty())
        return AttrValue(strings);
      if (!bools.empty())
        return AttrValue(bools);
      return AttrValue(ints);
    }
  return std::nullopt;
}

class PirReader {
public:
  Expected<Program> read(const json::Value &root);

private:
  Error readOp(const json::Object &op, int64_t index);
  Error defineResult(const json::Object &result, const std::string &name,
                     bool persistable);
  Expected<std::string> varOf(const json::Value &operand, int64_t index);
  /// "op #12 ('1.matmul')", for messages.
  std::string where(int64_t index) const;

  Program program;
  llvm::DenseMap<int64_t, std::string> names;
  llvm::DenseMap<int64_t, std::vector<std::string>> vectors;
  llvm::DenseMap<int64_t, AttrValue> constants;
  std::string currentOp;
};

Error PirReader::defineResult(const json::Object &result, const std::string &name,
                              bool persistable) {
  std::optional<int64_t> id = result.getInteger("%");
  if (!id || *id == 0)
    return fail("a result has no value id ('%')");
  if (!names.insert({*id, name}).second)
    return fail(llvm::formatv("value %{0} is defined twice", *id));
  Var var;
  var.name = name;
  var.persistable = persistable;
  if (const json::Object *type = result.getObject("TT"))
    if (type->getString("#") == "0.t_dtensor")
      if (const json::Array *d = type->getArray("D"); d && d->size() >= 2) {
        const json::Object *dtype = (*d)[0].getAsObject();
        std::optional<llvm::StringRef> dtypeName =
            dtype ? dtype->getString("#") : std::nullopt;
        var.dtype = dtypeName ? elementType(*dtypeName) : std::nullopt;
        if (!var.dtype)
          return fail(llvm::formatv("value %{0} ('{1}') has an element type pdnn does not "
                                    "model",
                                    *id, name));
        const json::Array *dims = (*d)[1].getAsArray();
        if (!dims)
          return fail(llvm::formatv("value %{0} has no dims", *id));
        for (const json::Value &dim : *dims) {
          std::optional<int64_t> size = dim.getAsInteger();
          if (!size || *size < -1)
            return fail(llvm::formatv("value %{0} ('{1}') has an invalid dimension", *id,
                                      name));
          var.dims.push_back(*size);
        }
      }
  program.vars.push_back(std::move(var));
  return Error::success();
}

std::string PirReader::where(int64_t index) const {
  return llvm::formatv("op #{0} ('{1}')", index, currentOp).str();
}

Expected<std::string> PirReader::varOf(const json::Value &operand, int64_t index) {
  const json::Object *object = operand.getAsObject();
  std::optional<int64_t> id = object ? object->getInteger("%") : std::nullopt;
  if (!id)
    return fail(where(index) + ": an operand is not {\"%\": id}");
  if (*id == 0)
    return std::string(); // an absent optional input
  auto it = names.find(*id);
  if (it == names.end())
    return fail(where(index) + llvm::formatv(" uses value %{0} before it is defined", *id));
  return it->second;
}

Error PirReader::readOp(const json::Object &op, int64_t index) {
  std::optional<llvm::StringRef> name = op.getString("#");
  if (!name)
    return fail(llvm::formatv("op #{0} has no name ('#')", index));
  currentOp = name->str();
  const json::Array *inputs = op.getArray("I");
  const json::Array *outputs = op.getArray("O");
  std::map<std::string, AttrValue> attrs;
  if (const json::Array *list = op.getArray("A"))
    for (const json::Value &entry : *list)
      if (const json::Object *attr = entry.getAsObject())
        if (std::optional<llvm::StringRef> n = attr->getString("N"))
          if (const json::Object *at = attr->getObject("AT"))
            if (std::optional<AttrValue> value = attrValue(*at))
              attrs[n->str()] = std::move(*value);
  auto stringAttr = [&](const char *key) -> std::string {
    auto it = attrs.find(key);
    if (it == attrs.end() || !std::holds_alternative<std::string>(it->second))
      return "";
    return std::get<std::string>(it->second);
  };

  if (*name == "p") { // builtin.parameter, written compressed
    const json::Array *a = op.getArray("A");
    const json::Object *result = op.getObject("O");
    std::optional<llvm::StringRef> param =
        a && a->size() == 4 ? (*a)[3].getAsString() : std::nullopt;
    if (!param || param->empty() || !result)
      return fail(llvm::formatv("parameter op #{0} needs \"A\" [.., .., .., name] and "
                                "one result \"O\"",
                                index));
    program.combinedParamOrder.push_back(param->str());
    return defineResult(*result, param->str(), /*persistable=*/true);
  }
  if (!outputs)
    return fail(llvm::formatv("op #{0} ('{1}') has no results (\"O\")", index, *name));
  auto result = [&](size_t i) -> const json::Object * {
    return i < outputs->size() ? (*outputs)[i].getAsObject() : nullptr;
  };
  if (*name == "1.data") {
    std::string var = stringAttr("name");
    if (var.empty() || !result(0))
      return fail(llvm::formatv("data op #{0} needs a 'name' and one result", index));
    program.feeds.push_back({var, int64_t(program.feeds.size())});
    return defineResult(*result(0), var, false);
  }
  if (*name == "1.fetch" || *name == "0.shadow_output") {
    if (!inputs || inputs->size() != 1)
      return fail(llvm::formatv("op #{0} ('{1}') needs one input", index, *name));
    Expected<std::string> var = varOf((*inputs)[0], index);
    if (!var)
      return var.takeError();
    int64_t col = int64_t(program.fetches.size());
    if (auto it = attrs.find("col"); it != attrs.end() && std::holds_alternative<int64_t>(it->second))
      col = std::get<int64_t>(it->second);
    std::string shown = stringAttr(*name == "1.fetch" ? "name" : "output_name");
    program.fetches.push_back({*var, col, shown});
    return Error::success();
  }
  if (*name == "0.combine") {
    std::vector<std::string> list;
    for (const json::Value &operand : inputs ? *inputs : json::Array()) {
      Expected<std::string> var = varOf(operand, index);
      if (!var)
        return var.takeError();
      list.push_back(*var);
    }
    std::optional<int64_t> id = result(0) ? result(0)->getInteger("%") : std::nullopt;
    if (!id)
      return fail(llvm::formatv("combine op #{0} has no result", index));
    vectors[*id] = std::move(list);
    return Error::success();
  }
  if (*name == "1.full") {
    std::optional<int64_t> id = result(0) ? result(0)->getInteger("%") : std::nullopt;
    auto value = attrs.find("value");
    if (!id || value == attrs.end())
      return fail(llvm::formatv("full op #{0} needs a 'value' and one result", index));
    constants[*id] = value->second;
    return defineResult(*result(0), llvm::formatv("%{0}", *id).str(), false);
  }

  // Every other op: its legacy form when we know it, else its PIR name and
  // positional slots (the builder then reports it as unsupported).
  llvm::StringRef opName = *name;
  bool pdOp = opName.consume_front("1.");
  const PirOpMapping *mapping = pdOp ? findMapping(opName) : nullptr;
  OpDesc legacy;
  legacy.type = mapping ? mapping->legacy : opName.str();
  legacy.index = index;
  size_t numInputs = inputs ? inputs->size() : 0;
  for (size_t i = 0; i < numInputs; ++i) {
    std::string slot = mapping && i < mapping->inputs.size() ? mapping->inputs[i]
                                                             : "I" + std::to_string(i);
    const json::Object *operand = (*inputs)[i].getAsObject();
    std::optional<int64_t> id = operand ? operand->getInteger("%") : std::nullopt;
    if (id && vectors.count(*id)) {
      legacy.inputs.push_back({slot, vectors[*id]});
      continue;
    }
    if (llvm::StringRef(slot).starts_with("=")) {
      std::string attr = slot.substr(1);
      if (id && constants.count(*id)) {
        legacy.attrs[attr] = constants[*id];
        continue;
      }
      return fail(llvm::formatv("op #{0} ('{1}'): operand {2} ({3}) must be a constant "
                                "(pd_op.full)",
                                index, *name, i, attr));
    }
    Expected<std::string> var = varOf((*inputs)[i], index);
    if (!var)
      return var.takeError();
    legacy.inputs.push_back({slot, var->empty() ? std::vector<std::string>{}
                                                : std::vector<std::string>{*var}});
  }
  for (size_t i = 0; i < outputs->size(); ++i) {
    const json::Object *r = result(i);
    std::optional<int64_t> id = r ? r->getInteger("%") : std::nullopt;
    if (!id)
      return fail(llvm::formatv("op #{0} ('{1}'): result {2} has no id", index, *name, i));
    std::string var = llvm::formatv("%{0}", *id).str();
    if (Error e = defineResult(*r, var, false))
      return e;
    std::string slot = mapping && i < mapping->outputs.size() ? mapping->outputs[i]
                                                              : "O" + std::to_string(i);
    legacy.outputs.push_back({slot, {var}});
  }
  for (auto &[key, value] : attrs) {
    if (!mapping) {
      legacy.attrs[key] = value;
      continue;
    }
    for (auto [from, to] : mapping->attrs)
      if (key == from)
        legacy.attrs[to] = value;
  }
  program.ops.push_back(std::move(legacy));
  return Error::success();
}

Expected<Program> PirReader::read(const json::Value &root) {
  const json::Object *top = root.getAsObject();
  const json::Object *base = top ? top->getObject("base_code") : nullptr;
  if (!base || base->getString("magic") != "pir")
    return fail("not a PIR program: base_code.magic is not \"pir\"");
  const json::Object *programObject = top->getObject("program");
  const json::Array *regions = programObject ? programObject->getArray("regions") : nullptr;
  const json::Object *region =
      regions && !regions->empty() ? (*regions)[0].getAsObject() : nullptr;
  const json::Array *blocks = region ? region->getArray("blocks") : nullptr;
  const json::Object *block = blocks && !blocks->empty() ? (*blocks)[0].getAsObject() : nullptr;
  const json::Array *ops = block ? block->getArray("ops") : nullptr;
  if (!ops)
    return fail("a PIR program needs program.regions[0].blocks[0].ops");
  program.format = "PIR";
  for (size_t i = 0; i < ops->size(); ++i) {
    const json::Object *op = (*ops)[i].getAsObject();
    if (!op)
      return fail(llvm::formatv("op #{0} is not an object", i));
    if (Error e = readOp(*op, int64_t(i)))
      return e;
  }
  // Paddle's predictor loads the persistable parameters in name order.
  std::sort(program.combinedParamOrder.begin(), program.combinedParamOrder.end());
  return program;
}

} // namespace

Expected<Program> mlir::pdnn::paddle::readPirJson(llvm::StringRef text) {
  Expected<json::Value> root = json::parse(text);
  if (!root)
    return fail("not JSON: " + llvm::toString(root.takeError()));
  return PirReader().read(*root);
}
