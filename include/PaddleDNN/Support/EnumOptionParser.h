//===- EnumOptionParser.h - enum options that name their values -*- C++ -*-===//
//
// llvm::cl's parser for enums answers a wrong value with "Cannot find option
// named 'x'!". PaddleDNN's enum options (pass options, pipeline options,
// tools) use this one instead, which says which values it accepts. An enum
// opts in by specializing llvm::cl::parser with it
// (PDNN_ENUM_OPTION_PARSER); MLIR's pass options then pick it up too.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLEDNN_SUPPORT_ENUMOPTIONPARSER_H
#define PADDLEDNN_SUPPORT_ENUMOPTIONPARSER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::pdnn {

template <typename Enum>
class EnumOptionParser : public llvm::cl::generic_parser_base {
protected:
  class OptionInfo : public GenericOptionInfo {
  public:
    OptionInfo(llvm::StringRef name, Enum value, llvm::StringRef help)
        : GenericOptionInfo(name, help), V(value) {}
    llvm::cl::OptionValue<Enum> V;
  };
  llvm::SmallVector<OptionInfo, 4> Values;

public:
  using parser_data_type = Enum;

  explicit EnumOptionParser(llvm::cl::Option &option)
      : generic_parser_base(option) {}

  unsigned getNumOptions() const override { return Values.size(); }
  llvm::StringRef getOption(unsigned n) const override { return Values[n].Name; }
  llvm::StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &getOptionValue(unsigned n) const override {
    return Values[n].V;
  }

  /// Returns true on error, as llvm::cl parsers do.
  bool parse(llvm::cl::Option &option, llvm::StringRef argName,
             llvm::StringRef arg, Enum &value) {
    llvm::StringRef text = Owner.hasArgStr() ? arg : argName;
    for (const OptionInfo &info : Values)
      if (info.Name == text) {
        value = info.V.getValue();
        return false;
      }
    std::string accepted;
    for (const OptionInfo &info : Values)
      accepted += (accepted.empty() ? "" : ", ") + info.Name.str();
    return option.error("'" + text + "' is not a valid value; expected one of: " +
                        accepted);
  }

  template <typename T>
  void addLiteralOption(llvm::StringRef name, const T &value,
                        llvm::StringRef help) {
    Values.emplace_back(name, static_cast<Enum>(value), help);
    AddLiteralOption(Owner, name);
  }

  void removeLiteralOption(llvm::StringRef name) {
    unsigned n = findOption(name);
    Values.erase(Values.begin() + n);
  }
};

} // namespace mlir::pdnn

/// Makes every llvm::cl option of type `Enum` use EnumOptionParser.
#define PDNN_ENUM_OPTION_PARSER(Enum)                                          \
  namespace llvm::cl {                                                         \
  template <>                                                                  \
  class parser<Enum> : public ::mlir::pdnn::EnumOptionParser<Enum> {           \
  public:                                                                      \
    using ::mlir::pdnn::EnumOptionParser<Enum>::EnumOptionParser;              \
  };                                                                           \
  }

#endif // PADDLEDNN_SUPPORT_ENUMOPTIONPARSER_H
