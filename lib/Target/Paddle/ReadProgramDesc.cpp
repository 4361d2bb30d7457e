//===- ReadProgramDesc.cpp - legacy ProgramDesc, binary or JSON -----------===//
//
// The legacy format is protobuf (framework.proto, our own transcription);
// protobuf's JSON mapping of the same message is read with protobuf's own
// JSON parser. Both become a Program (PaddleProgram.h).
//
//===----------------------------------------------------------------------===//

#include "PaddleProgram.h"
#include "framework.pb.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <limits>

using namespace mlir::pdnn::paddle;
namespace proto = paddle::framework::proto;
using llvm::Error;
using llvm::Expected;

static Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static Expected<AttrValue> readAttr(const proto::OpDesc::Attr &attr) {
  auto strings = [](const auto &list) {
    return std::vector<std::string>(list.begin(), list.end());
  };
  switch (attr.type()) {
  case proto::INT:
    return AttrValue(int64_t(attr.i()));
  case proto::LONG:
    return AttrValue(int64_t(attr.l()));
  case proto::FLOAT:
    return AttrValue(double(attr.f()));
  case proto::FLOAT64:
    return AttrValue(attr.float64());
  case proto::STRING:
    return AttrValue(std::string(attr.s()));
  case proto::BOOLEAN:
    return AttrValue(bool(attr.b()));
  case proto::INTS:
    return AttrValue(std::vector<int64_t>(attr.ints().begin(), attr.ints().end()));
  case proto::LONGS:
    return AttrValue(std::vector<int64_t>(attr.longs().begin(), attr.longs().end()));
  case proto::FLOATS:
    return AttrValue(std::vector<double>(attr.floats().begin(), attr.floats().end()));
  case proto::FLOAT64S:
    return AttrValue(std::vector<double>(attr.float64s().begin(), attr.float64s().end()));
  case proto::STRINGS:
    return AttrValue(strings(attr.strings()));
  case proto::BOOLEANS:
    return AttrValue(std::vector<bool>(attr.bools().begin(), attr.bools().end()));
  case proto::VAR:
    return AttrValue(std::string(attr.var_name()));
  case proto::VARS:
    return AttrValue(strings(attr.vars_name()));
  case proto::BLOCK:
  case proto::BLOCKS:
  case proto::SCALAR:
  case proto::SCALARS:
    break;
  }
  return fail(llvm::formatv("attribute '{0}' has type {1}, which has no pdnn "
                            "counterpart (blocks and scalars)",
                            attr.name(), proto::AttrType_Name(attr.type())));
}

static Expected<Program> convert(const proto::ProgramDesc &desc) {
  if (desc.blocks_size() < 1)
    return fail("the program has no block");
  const proto::BlockDesc &block = desc.blocks(0);
  Program program;
  program.format = "ProgramDesc";
  llvm::StringSet<> names;
  for (const proto::VarDesc &v : block.vars()) {
    if (!v.has_name() || v.name().empty())
      return fail("a var of block 0 has no name");
    if (!names.insert(v.name()).second)
      return fail("var '" + v.name() + "' is declared twice");
    Var var;
    var.name = v.name();
    var.persistable = v.persistable();
    const proto::VarType &type = v.type();
    if (type.type() == proto::VarType::LOD_TENSOR && type.has_lod_tensor()) {
      const proto::VarType::TensorDesc &tensor = type.lod_tensor().tensor();
      var.dtype = dataTypeFromCode(tensor.data_type());
      if (!var.dtype)
        return fail(llvm::formatv("var '{0}' has data type {1}, which pdnn does not model",
                                  v.name(), proto::VarType::Type_Name(tensor.data_type())));
      var.dims.assign(tensor.dims().begin(), tensor.dims().end());
      for (int64_t d : var.dims)
        if (d < -1)
          return fail(llvm::formatv("var '{0}' has dimension {1}", v.name(), d));
      var.lodLevel = type.lod_tensor().lod_level();
    }
    program.vars.push_back(std::move(var));
    if (program.vars.back().persistable && program.vars.back().dtype)
      program.combinedParamOrder.push_back(v.name());
  }
  // A combined file holds the persistable tensors in name order
  // (save_combine over sorted names in Paddle's io.py).
  std::sort(program.combinedParamOrder.begin(), program.combinedParamOrder.end());

  for (int index = 0; index < block.ops_size(); ++index) {
    const proto::OpDesc &o = block.ops(index);
    OpDesc op;
    op.type = o.type();
    op.index = index;
    auto slots = [](const auto &list, std::vector<Slot> &out) {
      for (const proto::OpDesc::Var &v : list)
        out.push_back({v.parameter(), {v.arguments().begin(), v.arguments().end()}});
    };
    slots(o.inputs(), op.inputs);
    slots(o.outputs(), op.outputs);
    for (const proto::OpDesc::Attr &a : o.attrs()) {
      Expected<AttrValue> value = readAttr(a);
      if (!value) {
        // Framework bookkeeping may use any type; only an attribute that
        // the op's signature reads must convert (checked when building).
        llvm::consumeError(value.takeError());
        continue;
      }
      op.attrs[a.name()] = std::move(*value);
    }
    auto column = [&](const OpDesc &op) -> int64_t {
      auto it = op.attrs.find("col");
      if (it == op.attrs.end() || !std::holds_alternative<int64_t>(it->second))
        return -1;
      return std::get<int64_t>(it->second);
    };
    if (op.type == "feed" || op.type == "fetch") {
      const Slot *var = op.type == "feed" ? op.output("Out") : op.input("X");
      if (!var || var->vars.size() != 1)
        return fail(llvm::formatv("{0} op #{1} must name one var in slot {2}", op.type, index,
                                  op.type == "feed" ? "Out" : "X"));
      int64_t col = column(op);
      if (col < 0)
        return fail(llvm::formatv("{0} op #{1} has no valid 'col' attribute", op.type, index));
      (op.type == "feed" ? program.feeds : program.fetches).push_back({var->vars[0], col});
      continue;
    }
    program.ops.push_back(std::move(op));
  }
  return program;
}

Expected<Program> mlir::pdnn::paddle::readProgramDesc(llvm::StringRef bytes) {
  if (bytes.size() > size_t(std::numeric_limits<int>::max()))
    return fail("the program file is larger than protobuf can parse (2 GiB)");
  proto::ProgramDesc desc;
  google::protobuf::io::CodedInputStream stream(
      reinterpret_cast<const uint8_t *>(bytes.data()), int(bytes.size()));
  if (!desc.ParseFromCodedStream(&stream) || !stream.ConsumedEntireMessage())
    return fail("not a Paddle ProgramDesc: protobuf cannot parse the bytes");
  return convert(desc);
}

Expected<Program> mlir::pdnn::paddle::readProgramDescJson(llvm::StringRef text) {
  proto::ProgramDesc desc;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(text.data(), text.size()), &desc, options);
  if (!status.ok())
    return fail("not a ProgramDesc in protobuf's JSON mapping: " +
                std::string(status.message()));
  return convert(desc);
}
