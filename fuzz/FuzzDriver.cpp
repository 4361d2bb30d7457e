//===- FuzzDriver.cpp - a deterministic mutation fuzzer for CI -----------===//
//
//   pdnn-fuzz-<target> [--seconds N] [--runs N] [--seed S] [--split TEXT]
//                      [--save-input FILE] <seed files or folders>...
//
// Loads the seeds (a file is cut into several inputs at each line equal to
// --split, e.g. "// -----"), then until the time or run budget is spent
// picks a seed, applies a few random mutations (bit flips, byte edits,
// deleted or repeated ranges, spliced ranges from another seed, numbers
// replaced by boundary values, words replaced by words of the corpus) and
// calls the target. With --save-input the input is written to FILE before
// each call, so that a crash leaves its reproducer behind. The same seed
// and budget give the same inputs.
//
//===----------------------------------------------------------------------===//

#include "FuzzTarget.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

struct Options {
  double seconds = 10;
  long runs = -1;
  unsigned seed = 1;
  std::string split, saveInput;
  std::vector<std::string> paths;
};

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void collect(const std::string &path, std::vector<std::string> &files) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0)
    return;
  if (!S_ISDIR(info.st_mode)) {
    files.push_back(path);
    return;
  }
  DIR *dir = opendir(path.c_str());
  if (!dir)
    return;
  std::vector<std::string> names;
  while (dirent *entry = readdir(dir))
    if (entry->d_name[0] != '.')
      names.push_back(entry->d_name);
  closedir(dir);
  std::sort(names.begin(), names.end()); // same order on every machine
  for (const std::string &name : names)
    collect(path + "/" + name, files);
}

/// A file's inputs: the whole file, or its pieces between `split` lines.
void addInputs(const std::string &text, const std::string &split,
               std::vector<std::string> &inputs) {
  if (split.empty()) {
    inputs.push_back(text);
    return;
  }
  std::string piece;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line == split) {
      inputs.push_back(piece);
      piece.clear();
      continue;
    }
    piece += line + "\n";
  }
  inputs.push_back(piece);
}

class Mutator {
public:
  Mutator(unsigned seed, const std::vector<std::string> &corpus)
      : rng(seed), corpus(corpus) {
    // Words of the corpus: identifiers, type names, attribute names.
    for (const std::string &input : corpus) {
      std::string word;
      for (char c : input + " ") {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') {
          word += c;
          continue;
        }
        if (word.size() > 1 && word.size() < 40)
          dictionary.insert(word);
        word.clear();
      }
    }
    words.assign(dictionary.begin(), dictionary.end());
  }

  std::string mutate(std::string input) {
    int count = 1 + pick(4);
    for (int i = 0; i < count; ++i)
      mutateOnce(input);
    return input;
  }

private:
  size_t pick(size_t n) { return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng) : 0; }

  void mutateOnce(std::string &s) {
    switch (pick(9)) {
    case 0: // flip a bit
      if (!s.empty())
        s[pick(s.size())] ^= char(1 << pick(8));
      break;
    case 1: // replace a byte
      if (!s.empty())
        s[pick(s.size())] = char(pick(256));
      break;
    case 2: // insert a byte
      s.insert(s.begin() + pick(s.size() + 1), char(pick(256)));
      break;
    case 3: { // delete a range
      if (s.empty())
        break;
      size_t at = pick(s.size());
      s.erase(at, 1 + pick(std::min<size_t>(16, s.size() - at)));
      break;
    }
    case 4: { // repeat a range
      if (s.empty())
        break;
      size_t at = pick(s.size());
      size_t n = 1 + pick(std::min<size_t>(64, s.size() - at));
      s.insert(pick(s.size() + 1), s.substr(at, n));
      break;
    }
    case 5: { // splice in a range of another input
      const std::string &other = corpus[pick(corpus.size())];
      if (other.empty())
        break;
      size_t at = pick(other.size());
      size_t n = 1 + pick(std::min<size_t>(128, other.size() - at));
      s.insert(pick(s.size() + 1), other.substr(at, n));
      break;
    }
    case 6:
    case 7: { // a number becomes a boundary value
      std::vector<size_t> starts;
      for (size_t i = 0; i < s.size(); ++i)
        if (std::isdigit(static_cast<unsigned char>(s[i])) &&
            (i == 0 || !std::isdigit(static_cast<unsigned char>(s[i - 1]))))
          starts.push_back(i);
      if (starts.empty())
        break;
      size_t at = starts[pick(starts.size())], end = at;
      while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end])))
        ++end;
      static const char *values[] = {"0", "1", "2", "3", "7", "64", "255", "256",
                                     "-1", "65535", "2147483647", "4294967296",
                                     "9223372036854775807", "18446744073709551615",
                                     "1099511627776"};
      s.replace(at, end - at, values[pick(sizeof(values) / sizeof(*values))]);
      break;
    }
    default: { // a word becomes another word of the corpus
      if (words.empty())
        break;
      std::vector<size_t> starts;
      for (size_t i = 0; i + 1 < s.size(); ++i)
        if (std::isalpha(static_cast<unsigned char>(s[i])) &&
            (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1]))))
          starts.push_back(i);
      if (starts.empty())
        break;
      size_t at = starts[pick(starts.size())], end = at;
      while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) ||
                                s[end] == '_' || s[end] == '.'))
        ++end;
      s.replace(at, end - at, words[pick(words.size())]);
      break;
    }
    }
  }

  std::mt19937_64 rng;
  const std::vector<std::string> &corpus;
  std::set<std::string> dictionary;
  std::vector<std::string> words;
};

int usage(const char *argv0) {
  std::fprintf(stderr,
               "usage: %s [--seconds N] [--runs N] [--seed S] [--split TEXT] "
               "[--save-input FILE] <seed files or folders>...\n",
               argv0);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * { return i + 1 < argc ? argv[++i] : nullptr; };
    const char *v = nullptr;
    if (arg == "--seconds" && (v = value()))
      options.seconds = std::atof(v);
    else if (arg == "--runs" && (v = value()))
      options.runs = std::atol(v);
    else if (arg == "--seed" && (v = value()))
      options.seed = unsigned(std::atol(v));
    else if (arg == "--split" && (v = value()))
      options.split = v;
    else if (arg == "--save-input" && (v = value()))
      options.saveInput = v;
    else if (!arg.empty() && arg[0] == '-')
      return usage(argv[0]);
    else
      options.paths.push_back(arg);
  }
  std::vector<std::string> files, corpus;
  for (const std::string &path : options.paths)
    collect(path, files);
  for (const std::string &file : files)
    addInputs(readFile(file), options.split, corpus);
  if (corpus.empty()) {
    std::fprintf(stderr, "no seed inputs\n");
    return 2;
  }

  auto run = [&](const std::string &input) {
    if (!options.saveInput.empty())
      std::ofstream(options.saveInput, std::ios::binary) << input;
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()),
                           input.size());
  };
  // The seeds themselves first, then mutants.
  for (const std::string &input : corpus)
    run(input);
  Mutator mutator(options.seed, corpus);
  std::mt19937 choose(options.seed);
  auto start = std::chrono::steady_clock::now();
  long runs = 0;
  for (;; ++runs) {
    double elapsed = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
    if ((options.runs >= 0 && runs >= options.runs) ||
        (options.runs < 0 && elapsed >= options.seconds))
      break;
    const std::string &seed =
        corpus[std::uniform_int_distribution<size_t>(0, corpus.size() - 1)(choose)];
    run(mutator.mutate(seed));
  }
  std::printf("fuzz: %zu seeds, %ld mutated inputs, no finding\n", corpus.size(),
              runs);
  return 0;
}
