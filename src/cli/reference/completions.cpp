#include "cli/reference/completions.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <regex>

namespace schedlab::reference {
namespace {

// Words that go into the scripts unquoted: option names, command and
// workload names, choices.  Anything else is left out rather than quoted.
bool plain(const std::string& word) {
  static const std::regex safe("[A-Za-z0-9_.:+=,/-]+");
  return std::regex_match(word, safe);
}

std::string words(const std::vector<std::string>& list) {
  std::vector<std::string> kept;
  for (const auto& w : list)
    if (plain(w)) kept.push_back(w);
  return fmt::format("{}", fmt::join(kept, " "));
}

std::string zsh_quoted(const std::string& text);

// Every command the user can name: "compare", and "run spawn" for each workload.
std::vector<const CommandDoc*> all_commands(const CliDoc& doc) {
  std::vector<const CommandDoc*> out;
  for (const auto& c : doc.commands)
    if (c.name != "run") out.push_back(&c);
  for (const auto& w : doc.workloads) out.push_back(&w.command);
  return out;
}

// The commands of the first word ("lava"), or of `parent` ("job collect").
std::vector<std::string> command_names(const CliDoc& doc, const std::string& parent = "") {
  std::vector<std::string> names;
  for (const auto& c : doc.commands) {
    const std::size_t space = c.name.find(' ');
    if (parent.empty() && space == std::string::npos) names.push_back(c.name);
    if (!parent.empty() && space != std::string::npos && c.name.substr(0, space) == parent)
      names.push_back(c.name.substr(space + 1));
  }
  return names;
}

// The commands that have commands of their own ("lava").
std::vector<std::string> parents(const CliDoc& doc) {
  std::vector<std::string> out;
  for (const auto& name : command_names(doc))
    if (name != "run" && !command_names(doc, name).empty()) out.push_back(name);
  return out;
}

// bash: "lava job" as the key once the second word names it.
std::string bash_nested_keys(const CliDoc& doc) {
  std::string out;
  for (const auto& p : parents(doc))
    out += fmt::format(R"(  if [[ $key == {0} ]]; then
    if ((COMP_CWORD == 2)); then
      COMPREPLY=($(compgen -W "{1}" -- "$cur"))
      return
    fi
    key="{0} ${{COMP_WORDS[2]}}"
  fi
)", p, words(command_names(doc, p)));
  return out;
}

// zsh: the same, with the words shifted past the command's own.
std::string zsh_nested_keys(const CliDoc& doc) {
  std::string out;
  for (const auto& p : parents(doc)) {
    std::vector<std::pair<std::string, std::string>> items;
    for (const auto& c : doc.commands)
      if (c.name.rfind(p + " ", 0) == 0) items.emplace_back(c.name.substr(p.size() + 1), c.summary);
    std::string described;
    for (const auto& [name, summary] : items)
      if (plain(name)) described += fmt::format(" '{}:{}'", name, zsh_quoted(summary));
    out += fmt::format(R"(  elif [[ $key == {0} ]]; then
    if (( CURRENT == 3 )); then
      local -a subcommands
      subcommands=({1})
      _describe -t commands 'schedlab {0} command' subcommands
      return
    fi
    key="{0} $words[3]"
    words=(schedlab "${{(@)words[4,-1]}}")
    (( CURRENT -= 2 ))
)", p, described);
  }
  return out;
}

std::vector<std::string> workload_names(const CliDoc& doc) {
  std::vector<std::string> names;
  for (const auto& w : doc.workloads) names.push_back(w.name);
  return names;
}

struct BashCases {
  std::string values;   // "KEY PREV") completes the value of option PREV
  std::string options;  // "KEY") sets the options KEY takes
};

std::string bash_value_action(const OptionDoc& o) {
  if (o.takes_path) return "return";  // the shell's own file names (complete -o default)
  if (o.choices.empty()) return "compopt +o default 2>/dev/null; return";
  return fmt::format("COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return", words(o.choices));
}

BashCases bash_cases(const CommandDoc& c) {
  BashCases out;
  std::vector<std::string> options;
  for (const auto& o : c.options) {
    if (o.positional) continue;
    for (const auto& n : o.names) {
      if (!plain(n)) continue;
      options.push_back(n);
      if (!o.value.empty()) out.values += fmt::format("    \"{} {}\") {};;\n", c.name, n, bash_value_action(o));
    }
  }
  options.push_back("--help");
  out.options = fmt::format("    \"{}\") opts=\"{}\";;\n", c.name, fmt::join(options, " "));
  return out;
}

// Text inside a single-quoted zsh word.
std::string zsh_quoted(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out;
}

// An option's description inside _arguments' brackets, or a value's message.
std::string zsh_bracketed(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\' || c == '[' || c == ']' || c == ':') out += '\\';
    out += c;
  }
  return zsh_quoted(out);
}

std::string zsh_action(const OptionDoc& o) {
  if (!o.choices.empty()) return "(" + words(o.choices) + ")";
  return o.takes_path ? "_files" : " ";
}

std::string zsh_option_specs(const OptionDoc& o) {
  std::string out;
  const std::string desc = zsh_bracketed(o.help), value = zsh_bracketed(o.value);
  for (const auto& n : o.names) {
    if (!plain(n)) continue;
    const std::string repeat = o.repeatable ? "*" : "";
    if (o.value.empty()) out += fmt::format(" \\\n        '{}{}[{}]'", repeat, n, desc);
    else if (o.value.rfind("[=", 0) == 0)
      out += fmt::format(" \\\n        '{}{}=-[{}]::{}:{}'", repeat, n, desc, value, zsh_action(o));
    else out += fmt::format(" \\\n        '{}{}[{}]:{}:{}'", repeat, n, desc, value, zsh_action(o));
  }
  return out;
}

std::string zsh_case(const CommandDoc& c) {
  std::string specs;
  for (const auto& o : c.options) {
    if (!o.positional) specs += zsh_option_specs(o);
    else if (c.name.rfind("run ", 0) == 0) specs += " \\\n        '*::command: _normal'";
    else specs += fmt::format(" \\\n        '*:{}:{}'", zsh_bracketed(o.value), zsh_action(o));
  }
  return fmt::format("    ('{}') _arguments -s -S{};;\n", c.name, specs);
}

std::string zsh_described(const std::vector<std::pair<std::string, std::string>>& items) {
  std::string out;
  for (const auto& [name, summary] : items)
    if (plain(name)) out += fmt::format("\n    '{}:{}'", name, zsh_quoted(summary));
  return out;
}

}  // namespace

std::string bash_completion(const CliDoc& doc) {
  std::string value_cases, option_cases;
  for (const CommandDoc* c : all_commands(doc)) {
    const BashCases cases = bash_cases(*c);
    value_cases += cases.values;
    option_cases += cases.options;
  }
  return fmt::format(R"(# bash completion for schedlab, generated by 'schedlab --completion bash'
# from the descriptors its command line is parsed with.
_schedlab() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} key opts=""
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "{} --help --version" -- "$cur"))
    return
  fi
  key=${{COMP_WORDS[1]}}
  if [[ $key == run ]]; then
    if ((COMP_CWORD == 2)); then
      COMPREPLY=($(compgen -W "{}" -- "$cur"))
      return
    fi
    key="run ${{COMP_WORDS[2]}}"
  fi
{}  local i
  for ((i = 2; i < COMP_CWORD; i++)); do
    [[ ${{COMP_WORDS[i]}} == -- ]] && return  # a command and its arguments follow
  done
  case "$key $prev" in
{}  esac
  case "$key" in
{}  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  fi
}}
complete -o default -F _schedlab schedlab
)",
                     words(command_names(doc)), words(workload_names(doc)), bash_nested_keys(doc), value_cases,
                     option_cases);
}

std::string zsh_completion(const CliDoc& doc) {
  std::vector<std::pair<std::string, std::string>> commands, workloads;
  for (const auto& c : doc.commands)
    if (c.name.find(' ') == std::string::npos) commands.emplace_back(c.name, c.summary);
  for (const auto& w : doc.workloads) workloads.emplace_back(w.name, w.command.summary);
  std::string cases;
  for (const CommandDoc* c : all_commands(doc)) cases += zsh_case(*c);
  return fmt::format(R"(#compdef schedlab
# zsh completion for schedlab, generated by 'schedlab --completion zsh'
# from the descriptors its command line is parsed with.
_schedlab() {{
  local -a commands workloads
  commands=({}
  )
  workloads=({}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'schedlab command' commands
    return
  fi
  local key=$words[2]
  if [[ $key == run ]]; then
    if (( CURRENT == 3 )); then
      _describe -t workloads 'workload' workloads
      return
    fi
    key="run $words[3]"
    words=(schedlab "${{(@)words[4,-1]}}")
    (( CURRENT -= 2 ))
{}  else
    words=(schedlab "${{(@)words[3,-1]}}")
    (( CURRENT -= 1 ))
  fi
  case $key in
{}  esac
}}
_schedlab "$@"
)",
                     zsh_described(commands), zsh_described(workloads), zsh_nested_keys(doc), cases);
}

}  // namespace schedlab::reference
