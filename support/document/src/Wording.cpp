//===- Wording.cpp - How one reader's errors read -------------------------===//
#include "document/Wording.h"

namespace energy::document {

std::string fillIn(std::string Template, const std::string &Name, const std::string &Value) {
  const std::string Blank = "{" + Name + "}";
  for (size_t At = Template.find(Blank); At != std::string::npos;
       At = Template.find(Blank, At + Value.size()))
    Template.replace(At, Blank.size(), Value);
  return Template;
}

} // namespace energy::document
