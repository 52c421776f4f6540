#include "import/preset_tree.h"

#include <fmt/format.h>

namespace warpsim::import {

struct PresetTree::Node {
  std::string key;
  std::string value;  // empty for a section
  std::string comment;
  std::vector<std::string> notes;
  std::vector<std::unique_ptr<Node>> children;

  Node* child(std::string_view name) {
    for (auto& c : children) {
      if (c->key == name) return c.get();
    }
    children.push_back(std::make_unique<Node>());
    children.back()->key = std::string(name);
    return children.back().get();
  }
  const Node* find(std::string_view name) const {
    for (const auto& c : children) {
      if (c->key == name) return c.get();
    }
    return nullptr;
  }
};

PresetTree::PresetTree() : root_(std::make_unique<Node>()) {}
PresetTree::~PresetTree() = default;
PresetTree::PresetTree(PresetTree&&) noexcept = default;
PresetTree& PresetTree::operator=(PresetTree&&) noexcept = default;

namespace {

template <typename NodeT, typename Step>
NodeT* walk(NodeT* node, std::string_view path, Step step) {
  while (node != nullptr && !path.empty()) {
    const std::size_t dot = path.find('.');
    node = step(node, path.substr(0, dot));
    path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
  }
  return node;
}

}  // namespace

void PresetTree::set(std::string_view path, std::string value, std::string comment) {
  Node* node = walk(root_.get(), path, [](Node* n, std::string_view k) { return n->child(k); });
  node->value = std::move(value);
  node->comment = std::move(comment);
}

void PresetTree::note(std::string_view path, std::string comment) {
  Node* node = walk(root_.get(), path, [](Node* n, std::string_view k) { return n->child(k); });
  node->notes.push_back(std::move(comment));
}

const std::string* PresetTree::find(std::string_view path) const {
  const Node* start = root_.get();
  const Node* node =
      walk(start, path, [](const Node* n, std::string_view k) { return n->find(k); });
  return node == nullptr || node->value.empty() ? nullptr : &node->value;
}

std::string PresetTree::to_yaml(const std::vector<std::string>& header) const {
  std::string out;
  for (const std::string& line : header) out += line.empty() ? "#\n" : "# " + line + "\n";
  struct Printer {
    static void print(const Node& node, int depth, std::string* out) {
      const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
      for (const std::string& n : node.notes) *out += fmt::format("{}# {}\n", indent, n);
      if (node.children.empty()) {
        *out += fmt::format("{}{}: {}", indent, node.key, node.value);
        if (!node.comment.empty()) *out += "  # " + node.comment;
        *out += '\n';
        return;
      }
      *out += fmt::format("{}{}:", indent, node.key);
      if (!node.comment.empty()) *out += "  # " + node.comment;
      *out += '\n';
      for (const auto& c : node.children) print(*c, depth + 1, out);
    }
  };
  for (const auto& c : root_->children) Printer::print(*c, 0, &out);
  return out;
}

std::string yaml_quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace warpsim::import
