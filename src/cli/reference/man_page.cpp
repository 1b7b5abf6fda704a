#include "cli/reference/man_page.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

namespace schedlab::reference {
namespace {

constexpr const char* kStatic = R"(.SH EXIT STATUS
.TP
.B 0
success
.TP
.B 2
bad input: one line names the option, the value and what is allowed; nothing was run
.TP
.B 3
a requested control could not be applied (see \fB\-\-allow\-unapplied\fR)
.TP
.B 4
the workload failed; the result file holds the runs that completed and the error
.TP
.B 5
the result file could not be written
.PP
\fBcheck\fR exits as \fBgit bisect run\fR expects: 0 good, 1 bad, 125 cannot tell,
255 for bad input (so that the bisection stops).
.SH ENVIRONMENT
.TP
.B SCHEDLAB_STORE
the result store: a SQLite file or a postgresql:// URL (\fB\-\-store\fR wins)
.TP
.B XDG_DATA_HOME
the default store is \fI$XDG_DATA_HOME/schedlab/results.db\fR (else \fI~/.local/share/schedlab\fR)
.TP
.B XDG_RUNTIME_DIR
journals of an unprivileged user's runs, in \fIschedlab/\fR
.SH FILES
.TP
.I /usr/libexec/schedlab/schedlab\-worker
the lean loop process every copy runs (beside \fBschedlab\fR in a build tree)
.TP
.I /run/schedlab/
journals of root's runs: what \fBschedlab restore\fR undoes after a run was killed
.SH EXAMPLES
.nf
schedlab run spawn \-\-copies auto \-\-vary autogroup=off,on \-\-runs 10 \e
    \-\-json ag.json
schedlab compare ag.json
schedlab report ag.json \-o ag.html
schedlab check \-\-baseline good.json    # as git bisect run
.fi
.SH SEE ALSO
\fBschedlab \-\-completion bash\fR|\fBzsh\fR prints the shell completion script;
\fBschedlab \-\-help\-man\fR prints this page.
The README and docs/ of the schedlab sources: workloads.md, result\-file.md,
store.md, report.md.
)";

std::string bold_names(const OptionDoc& o) {
  if (o.positional) {
    const bool named = o.value.empty() || o.value == "TEXT";  // CLI11's default says nothing
    return "\\fI" + roff_escape(named ? o.names.front() : o.value) + "\\fR";
  }
  std::vector<std::string> names;
  for (const auto& n : o.names) names.push_back("\\fB" + roff_escape(n) + "\\fR");
  std::string out = fmt::format("{}", fmt::join(names, ", "));
  if (!o.value.empty()) out += " \\fI" + roff_escape(o.value) + "\\fR";
  return out;
}

std::string option_entries(const std::vector<OptionDoc>& options, const std::set<std::string>& groups,
                           bool include) {
  std::string out;
  for (const auto& o : options) {
    if (groups.count(o.group) != (include ? 1u : 0u)) continue;
    out += ".TP\n" + bold_names(o) + "\n" + roff_escape(o.help) + "\n";
  }
  return out;
}

std::string commands_part(const CliDoc& doc) {
  std::string out = ".SH COMMANDS\n";
  for (const auto& c : doc.commands) {
    out += fmt::format(".SS {}\n{}\n", roff_escape(c.name), roff_escape(c.summary));
    if (c.name == "run") out += ".PP\nSee \\fBWORKLOADS\\fR and \\fBRUN OPTIONS\\fR below.\n";
    out += option_entries(c.options, {}, false);
  }
  return out;
}

// The options every workload takes, listed once, by group.
std::string run_options_part(const CliDoc& doc) {
  if (doc.workloads.empty()) return "";
  std::string out = ".SH RUN OPTIONS\nEvery workload of \\fBschedlab run\\fR takes these.\n";
  std::vector<std::string> groups;
  for (const auto& o : doc.workloads.front().command.options)
    if (o.group != "Workload options" && std::find(groups.begin(), groups.end(), o.group) == groups.end())
      groups.push_back(o.group);
  for (const auto& g : groups)
    out += ".SS " + roff_escape(g) + "\n" + option_entries(doc.workloads.front().command.options, {g}, true);
  return out;
}

std::string metrics_line(const WorkloadDoc& w) {
  std::vector<std::string> names;
  for (const auto& m : w.metrics)
    names.push_back(fmt::format("{} ({}{})", m.name, m.unit, m.name == w.primary_metric ? ", primary" : ""));
  return roff_escape(fmt::format("Metrics: {}.", fmt::join(names, ", ")));
}

std::string workloads_part(const CliDoc& doc) {
  std::string out = ".SH WORKLOADS\n";
  for (const auto& w : doc.workloads) {
    out += fmt::format(".SS \"schedlab run {}\"\n{}.\nReproduces {}.\n", roff_escape(w.name),
                       roff_escape(w.command.summary), roff_escape(w.reproduces));
    out += option_entries(w.command.options, {"Workload options"}, true);
    out += ".PP\n" + metrics_line(w) + "\n";
  }
  return out;
}

// "schedlab: reproduce, ..." -> "reproduce, ...", for the NAME line.
std::string without_name(const std::string& summary) {
  const std::string prefix = "schedlab: ";
  return summary.rfind(prefix, 0) == 0 ? summary.substr(prefix.size()) : summary;
}

}  // namespace

std::string roff_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
    if (c == '\n') out += "\\&";  // a line of the text may start with . or '
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

std::string man_page(const CliDoc& doc, std::string_view version) {
  std::string out = fmt::format(".TH SCHEDLAB 1 \"\" \"schedlab {}\" \"User Commands\"\n", roff_escape(std::string(version)));
  out += ".SH NAME\nschedlab \\- " + roff_escape(without_name(doc.summary)) + "\n";
  out += ".SH SYNOPSIS\n.B schedlab\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n.br\n"
         ".B schedlab run\n\\fIWORKLOAD\\fR [\\fIOPTIONS\\fR]\n.br\n.B schedlab\n\\fB\\-\\-version\\fR\n";
  out += ".SH DESCRIPTION\nschedlab reproduces the workloads Linux scheduler and process\\-lifecycle "
         "regressions are reported with, runs them under controlled scenarios, records every figure "
         "that explains a result, decides with statistics whether result sets differ and prints the "
         "tables people paste into mails.\nEvery command takes \\fB\\-\\-help\\fR.\n";
  return out + commands_part(doc) + workloads_part(doc) + run_options_part(doc) + kStatic;
}

}  // namespace schedlab::reference
