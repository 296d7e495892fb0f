import ArgumentParser
import Foundation

/// `roster version [--json]`: what `roster --version` prints, or the same as JSON for bug reports
/// and scripts.
struct VersionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "version",
    abstract: "Show the version, the commit, the Swift version and the libraries Roster runs with.")

  @Flag(help: "Print JSON on stdout.")
  var json = false

  func run() throws {
    let version = RosterVersion.current()
    if json {
      print(try PeopleOutput.json(version), terminator: "")
    } else {
      print(version.text)
    }
  }
}
