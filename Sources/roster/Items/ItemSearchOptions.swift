import ArgumentParser

/// What every searched kind's `search` takes (`roster devices search`, `roster apps search`): the
/// words, a limit, a format and `--offline`, checked once here so the kinds' commands say the
/// same thing for the same mistake.
struct ItemSearchOptions: ParsableArguments {
  @Argument(help: "Words to look for.") var words: [String]
  @Option(help: "At most this many of each kind (1-10000).") var limit: Int = 50
  @Flag(help: "Print JSON with Graph property names.") var json = false
  @Flag(help: "Print CSV with a header row.") var csv = false
  @Flag(help: "Answer from the local index only (as its last sync stored them), sending Graph nothing.")
  var offline = false

  var format: OutputFormat { OutputFormat.chosen(json: json, csv: csv) }
  var text: String { words.joined(separator: " ") }

  /// Called by the command's own `validate`, with `demo` (which has no index to be offline from).
  func validate(demo: DemoOptions) throws {
    try OutputFormat.refuseBoth(json: json, csv: csv)
    try demo.refuse(offline: offline)
    if !(1...10_000).contains(limit) { throw ValidationError("--limit must be between 1 and 10000.") }
    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ValidationError("Give at least one word to search for.")
    }
  }
}
