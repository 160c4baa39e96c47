//===- source_rewriter.cpp - Rewriting launches and dynamic shared memory --===//
#include "source_rewriter.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>

namespace energy_cuda_emu {
namespace {

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Copy of `source` with comments and the contents of string and character
// literals replaced by spaces (newlines kept), so that scans see code only.
class code_view {
public:
  explicit code_view(std::string_view source) : code_(source) { blank_non_code(); }
  const std::string &text() const { return code_; }

private:
  void blank(std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to && i < code_.size(); ++i)
      if (code_[i] != '\n')
        code_[i] = ' ';
  }
  std::size_t skip_quoted(std::size_t i, char quote) {
    std::size_t j = i + 1;
    while (j < code_.size() && code_[j] != quote && code_[j] != '\n')
      j += code_[j] == '\\' ? 2 : 1;
    blank(i + 1, std::min(j, code_.size()));
    return j + 1;
  }
  std::size_t skip_raw_string(std::size_t i) { // i at the opening quote
    const std::size_t open = code_.find('(', i);
    if (open == std::string::npos)
      return code_.size();
    const std::string close = ")" + code_.substr(i + 1, open - i - 1) + "\"";
    const std::size_t end = code_.find(close, open);
    const std::size_t stop = end == std::string::npos ? code_.size() : end + close.size();
    blank(i + 1, stop - 1);
    return stop;
  }
  void blank_non_code() {
    std::size_t i = 0;
    while (i < code_.size()) {
      const char c = code_[i];
      const char next = i + 1 < code_.size() ? code_[i + 1] : '\0';
      if (c == '/' && next == '/') {
        std::size_t end = i;
        do
          end = code_.find('\n', end + 1);
        while (end != std::string::npos && end > 0 && code_[end - 1] == '\\');
        end = end == std::string::npos ? code_.size() : end;
        blank(i, end);
        i = end;
      } else if (c == '/' && next == '*') {
        const std::size_t end = code_.find("*/", i + 2);
        const std::size_t stop = end == std::string::npos ? code_.size() : end + 2;
        blank(i, stop);
        i = stop;
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && std::isdigit(static_cast<unsigned char>(next)))) {
        i = skip_number(i); // digit separators are not character literals
      } else if (is_identifier_char(c)) {
        const std::size_t start = i;
        while (i < code_.size() && is_identifier_char(code_[i]))
          ++i;
        if (i < code_.size() && code_[i] == '"' && code_[i - 1] == 'R' &&
            (i - start == 1 ||
             std::string_view(code_).substr(start, i - start - 1).find_first_not_of("u8UL") ==
                 std::string_view::npos))
          i = skip_raw_string(i);
      } else if (c == '"' || c == '\'') {
        i = skip_quoted(i, c);
      } else {
        ++i;
      }
    }
  }
  std::size_t skip_number(std::size_t i) {
    while (i < code_.size()) {
      const char c = code_[i];
      if (is_identifier_char(c) || c == '.' || c == '\'')
        ++i;
      else if ((c == '+' || c == '-') && std::strchr("eEpP", code_[i - 1]))
        ++i;
      else
        break;
    }
    return i;
  }

  std::string code_;
};

std::size_t line_of(std::string_view text, std::size_t offset) {
  return 1 + std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n');
}

std::string newlines_in(std::string_view text) {
  return std::string(std::count(text.begin(), text.end(), '\n'), '\n');
}

std::string flattened(std::string_view text) {
  std::string flat(text);
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  return flat;
}

std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos)
    return {};
  return std::string(text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1));
}

std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

std::size_t skip_space_backward(const std::string &code, std::size_t end) {
  while (end > 0 && std::isspace(static_cast<unsigned char>(code[end - 1])))
    --end;
  return end;
}

// True when the innermost `{` around `at` follows a `)`: a function body (or a statement block
// after a condition, which is inside one too).
bool in_function_body(const std::string &code, std::size_t at) {
  int depth = 0;
  for (std::size_t i = at; i-- > 0;) {
    if (code[i] == '}') {
      ++depth;
    } else if (code[i] == '{' && depth-- == 0) {
      const std::size_t before = skip_space_backward(code, i);
      return before > 0 && code[before - 1] == ')';
    }
  }
  return false;
}

// Start of the bracketed group that ends just before `end` (code[end-1] is `close`).
std::optional<std::size_t> matching_open_backward(const std::string &code, std::size_t end,
                                                  char open, char close) {
  int depth = 0;
  for (std::size_t i = end; i > 0; --i) {
    const char c = code[i - 1];
    if (c == close)
      ++depth;
    else if (c == open && --depth == 0)
      return i - 1;
    else if (c == ';' || c == '{' || c == '}')
      return std::nullopt;
  }
  return std::nullopt;
}

// Start of the launch's callee, which ends just before `end`: an optionally
// qualified name with optional template arguments, or a parenthesised expression.
std::optional<std::size_t> callee_start(const std::string &code, std::size_t end) {
  std::size_t at = skip_space_backward(code, end);
  if (at > 0 && code[at - 1] == ')')
    return matching_open_backward(code, at, '(', ')');
  for (;;) {
    if (at > 0 && code[at - 1] == '>') {
      const auto open = matching_open_backward(code, at, '<', '>');
      if (!open)
        return std::nullopt;
      at = skip_space_backward(code, *open);
    }
    const std::size_t name_end = at;
    while (at > 0 && is_identifier_char(code[at - 1]))
      --at;
    if (at == name_end)
      return std::nullopt;
    const std::size_t before = skip_space_backward(code, at);
    if (before >= 2 && code[before - 1] == ':' && code[before - 2] == ':') {
      at = skip_space_backward(code, before - 2);
      if (at == 0 || !(is_identifier_char(code[at - 1]) || code[at - 1] == '>'))
        return before - 2; // a name qualified from the global namespace
      continue;
    }
    return at;
  }
}

// Offset of the `>>>` closing a launch configuration that starts at `from`.
std::optional<std::size_t> configuration_end(const std::string &code, std::size_t from) {
  int depth = 0;
  for (std::size_t i = from; i + 2 < code.size(); ++i) {
    const char c = code[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    else if (c == ';' || depth < 0)
      return std::nullopt;
    else if (depth == 0 && code.compare(i, 3, ">>>") == 0)
      return i;
  }
  return std::nullopt;
}

bool word_at(const std::string &code, std::size_t at, std::string_view word) {
  return code.compare(at, word.size(), word) == 0 &&
         (at == 0 || !is_identifier_char(code[at - 1])) &&
         (at + word.size() >= code.size() || !is_identifier_char(code[at + word.size()]));
}

struct replacement {
  std::size_t begin, end;
  std::string text;
};

class rewriter {
public:
  rewriter(std::string_view source, std::string_view file_name)
      : source_(source), file_(file_name), code_(code_view(source).text()) {}

  rewrite_result run() {
    find_launches();
    find_dynamic_shared_arrays();
    find_noinline_qualifiers();
    std::sort(edits_.begin(), edits_.end(),
              [](const replacement &a, const replacement &b) { return a.begin < b.begin; });
    result_.text = "#line 1 \"" + escaped(file_) + "\"\n";
    std::size_t copied = 0;
    for (const replacement &edit : edits_) {
      result_.text.append(source_.substr(copied, edit.begin - copied));
      result_.text += edit.text;
      copied = edit.end;
    }
    result_.text.append(source_.substr(copied));
    return std::move(result_);
  }

private:
  void error(std::size_t offset, const std::string &message) {
    result_.errors.push_back(file_ + ":" + std::to_string(line_of(source_, offset)) + ": " +
                             message);
  }

  void find_launches() {
    for (std::size_t at = code_.find("<<<"); at != std::string::npos;
         at = code_.find("<<<", at + 3)) {
      const auto start = callee_start(code_, at);
      const auto close = configuration_end(code_, at + 3);
      if (!start) {
        error(at,
              "cannot find the kernel before '<<<'; launch a named kernel, e.g. k<<<g, b>>>(...)");
        continue;
      }
      if (!close) {
        error(at, "launch '<<<' without a closing '>>>' before the end of the statement");
        continue;
      }
      const std::string callee =
          trimmed(flattened(std::string_view(code_).substr(*start, at - *start)));
      const std::string_view config = source_.substr(at + 3, *close - at - 3);
      edits_.push_back({*start, *close + 3,
                        "(::energy_cuda_emu::launch(\"" + escaped(callee) + "\", " +
                            std::string(config) + ") ->* [&](auto &&...energy_cuda_emu_args) { " +
                            callee + "(energy_cuda_emu_args...); })" +
                            newlines_in(source_.substr(*start, at - *start))});
      ++result_.launches;
      at = *close;
    }
  }

  void find_dynamic_shared_arrays() {
    for (std::size_t at = code_.find("extern"); at != std::string::npos;
         at = code_.find("extern", at + 6)) {
      if (!word_at(code_, at, "extern"))
        continue;
      std::size_t next = at + 6;
      while (next < code_.size() && std::isspace(static_cast<unsigned char>(code_[next])))
        ++next;
      if (!word_at(code_, next, "__shared__"))
        continue;
      rewrite_dynamic_shared(at, next + 10);
    }
  }

  // `__noinline__` as a function qualifier; inside __attribute__((...)) it is GNU's own spelling.
  void find_noinline_qualifiers() {
    static constexpr std::string_view word = "__noinline__";
    for (std::size_t at = code_.find(word); at != std::string::npos;
         at = code_.find(word, at + word.size())) {
      const std::size_t before = skip_space_backward(code_, at);
      if (!word_at(code_, at, word) || (before > 0 && code_[before - 1] == '('))
        continue;
      edits_.push_back({at, at + word.size(), "__attribute__((noinline))"});
    }
  }

  // `extern __shared__ TYPE NAME[];` from `at`; the declaration's type starts at `type_begin`.
  void rewrite_dynamic_shared(std::size_t at, std::size_t type_begin) {
    const std::size_t semicolon = code_.find(';', type_begin);
    const std::size_t open = code_.rfind('[', semicolon);
    if (semicolon == std::string::npos || open == std::string::npos || open < type_begin ||
        code_.find_first_not_of(" \t\n\r", open + 1) != code_.find(']', open) ||
        code_.find_first_not_of(" \t\n\r", code_.find(']', open) + 1) != semicolon) {
      error(at, "expected 'extern __shared__ TYPE NAME[];' (one unsized array) for dynamic shared "
                "memory");
      return;
    }
    const std::size_t name_end = skip_space_backward(code_, open);
    std::size_t name_begin = name_end;
    while (name_begin > type_begin && is_identifier_char(code_[name_begin - 1]))
      --name_begin;
    const std::string type =
        trimmed(flattened(source_.substr(type_begin, name_begin - type_begin)));
    if (name_begin == name_end || type.empty() || type.find(',') != std::string::npos) {
      error(at, "expected 'extern __shared__ TYPE NAME[];' (one unsized array) for dynamic shared "
                "memory");
      return;
    }
    const std::string name = code_.substr(name_begin, name_end - name_begin);
    // In a function body a plain local does: every thread asks for its block's memory when it
    // gets there, as the GPU code computes the address. Elsewhere a thread_local caches it; its
    // initialisation guard is control flow the GPU build does not have.
    const std::string storage = in_function_body(code_, at) ? "" : "static thread_local ";
    edits_.push_back({at, semicolon,
                      storage + type + " *const " + name + " = static_cast<decltype(" + name +
                          ")>(::energy_cuda_emu::dynamic_shared_memory())" +
                          newlines_in(source_.substr(at, semicolon - at))});
    ++result_.dynamic_shared_arrays;
  }

  std::string_view source_;
  std::string file_;
  std::string code_;
  std::vector<replacement> edits_;
  rewrite_result result_;
};

} // namespace

rewrite_result rewrite_cuda_source(std::string_view source, std::string_view file_name) {
  return rewriter(source, file_name).run();
}

} // namespace energy_cuda_emu
