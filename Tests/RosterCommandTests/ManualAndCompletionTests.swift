import Foundation
import TestSupport
import Testing

/// `roster --version`, the man page and the completion scripts (issue 23 items 1–3), from the
/// built binary: the page passes `mandoc -T lint` and `groff -w all`, fits 80 columns in `man -l`,
/// names every subcommand the parser knows and every `ROSTER_*` variable the sources read.
@Suite(.serialized) struct ManualAndCompletionTests {
  static let roster = RosterProcess(environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"])
  static func tool(_ path: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"])
    async throws -> RosterProcess.Output
  {
    try await RosterProcess(executable: path, environment: environment).run(arguments)
  }

  static func writeManual() async throws -> String {
    let page = try await roster.run(["manual"])
    #expect(page.status == 0)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("roster-\(UUID().uuidString).1").path
    try Data(page.stdout.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func versionNamesTheCommitSwiftAndTheLoadedLibraries() async throws {
    let text = try await Self.roster.run(["--version"])
    #expect(text.status == 0)
    let json = try await Self.roster.run(["version", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let version = try #require(object["version"] as? String)
    #expect(text.stdout.hasPrefix("roster \(version) (commit "))
    #expect((object["commit"] as? String ?? "").count >= 12)
    #expect((object["swift"] as? String ?? "").hasPrefix("6."))
    for library in ["ncursesw", "libjpeg", "sqlite"] {
      let entry = try #require(object[library] as? [String: Any], "\(library)")
      #expect(!(entry["version"] as? String ?? "").isEmpty)
      #expect((entry["file"] as? String ?? "").hasPrefix("/"), "\(library) is read from the loaded library")
    }
    // The changelog the package ships starts with the same version.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let changelog = try String(contentsOf: root.appendingPathComponent("packaging/changelog"), encoding: .utf8)
    #expect(changelog.hasPrefix("roster (\(version))"))
  }

  @Test func theManualPassesLintFitsEightyColumnsAndNamesEverything() async throws {
    let path = try await Self.writeManual()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let lint = try await Self.tool("/usr/bin/mandoc", ["-T", "lint", "-W", "warning", path])
    #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
    let groff = try await Self.tool("/usr/bin/groff", ["-w", "all", "-mdoc", "-Tutf8", "-z", path])
    #expect(groff.stderr.isEmpty, "\(groff.stderr)")
    let man = try await Self.tool(
      "/usr/bin/man", ["-l", path], environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LANG": "C.UTF-8"])
    #expect(man.status == 0)
    let plain = man.stdout.replacing(/.\x08/, with: "")
    for line in plain.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    for section in [
      "SYNOPSIS", "COMMANDS", "COMMON OPTIONS", "KEYS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
    ] {
      #expect(plain.contains("\n\(section)\n"), "\(section)")
    }

    // Every command the parser knows has its subsection; every variable the sources read is listed.
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let dump = try await Self.roster.run(["--experimental-dump-help"])
    let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    func walk(_ command: [String: Any], _ path: [String]) {
      for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["shouldDisplay"] as? Bool != false {
        let name = sub["commandName"] as? String ?? ""
        guard name != "help" else { continue }
        #expect(page.contains(".Ss \((path + [name]).joined(separator: " "))"), "\(name)")
        walk(sub, path + [name])
      }
    }
    walk(try #require(tree["command"] as? [String: Any]), ["roster"])
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    var variables: Set<String> = []
    for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: /"(ROSTER_[A-Z_]+)"/) { variables.insert(String(match.output.1)) }
    }
    #expect(variables.count >= 8)
    for variable in variables.sorted() { #expect(page.contains(".It Ev \(variable)"), "\(variable) in ENVIRONMENT") }
  }

  @Test func completionScriptsNameSubcommandsOptionsAndValues() async throws {
    let binary = try #require(RosterBinary.url).path
    let bash = try await Self.tool(
      "/bin/bash",
      [
        "-c",
        """
        source <("\(binary)" completions bash) && complete -p roster
        COMP_WORDS=(roster do); COMP_CWORD=1; COMP_LINE="roster do"; COMP_POINT=9; _roster roster do roster
        echo "${COMPREPLY[@]}"
        COMP_WORDS=(roster search --log-level ""); COMP_CWORD=3; COMP_LINE="roster search --log-level "
        COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _roster roster "" --log-level; echo "${COMPREPLY[@]}"
        """,
      ])
    #expect(bash.status == 0, "\(bash.stderr)")
    let lines = bash.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains("-F _roster roster") == true, "\(bash.stdout)")
    #expect(lines.dropFirst().first == "doctor")
    #expect(lines.last == "debug info warning")
    for shell in ["zsh", "fish"] {
      let script = try await Self.roster.run(["completions", shell])
      #expect(script.status == 0)
      for word in ["doctor", "completions", "log-level", "debug", "warning", "mutt", "aerc"] {
        #expect(script.stdout.contains(word), "\(shell): \(word)")
      }
    }
  }
}
