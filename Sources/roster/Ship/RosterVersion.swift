import CJPEG
import CNCurses
import Foundation
import Index

/// What `roster --version` and `roster version --json` report: the version, the commit, the Swift
/// compiler, and the shared libraries this process really runs with (read from the loaded
/// libraries, not from the headers it was built against).
struct RosterVersion: Encodable {
  /// The one place the version number is written. `scripts/package` and the man page take it
  /// from the binary (`roster version --json`), never from a second copy.
  static let number = "0.9.0"
  /// The release date of `number`, for the man page's `.Dd` (a build date would make every
  /// build's page differ).
  static let date = "November 25, 2026"

  /// One shared library as loaded: its own version text and the file the loader mapped.
  struct Library: Encodable {
    var version: String
    var file: String?
  }

  var version: String
  var commit: String
  var swift: String
  var ncursesw: Library
  var libjpeg: Library
  var sqlite: Library

  static func current() -> RosterVersion {
    let mapped = LoadedLibraries.files()
    return RosterVersion(
      version: number, commit: buildCommit, swift: compilerVersion,
      ncursesw: Library(
        version: String(cString: curses_version()).replacingOccurrences(of: "ncurses ", with: ""),
        file: mapped.first { $0.contains("libncursesw") }),
      libjpeg: Library(
        version: "API " + String(cString: cjpeg_library_version()).split(separator: " ").prefix(1).joined(),
        file: mapped.first { $0.contains("libjpeg") }),
      sqlite: Library(version: SQLiteLibrary.version, file: mapped.first { $0.contains("libsqlite3") }))
  }

  /// `roster 0.9.0 (commit …)` and one line of what it runs on.
  var text: String {
    func describe(_ name: String, _ library: Library) -> String {
      "\(name) \(library.version)" + (library.file.map { " (\(($0 as NSString).lastPathComponent))" } ?? "")
    }
    return """
      roster \(version) (commit \(commit))
      Swift \(swift); \(describe("ncurses", ncursesw)); \(describe("libjpeg", libjpeg)); \
      \(describe("SQLite", sqlite))
      """
  }

  /// The compiler this binary was built with, to the patch level the `#if` checks can tell.
  static var compilerVersion: String {
    #if compiler(>=6.4)
      return "6.4 or later"
    #elseif compiler(>=6.3.2)
      return "6.3.2"
    #elseif compiler(>=6.3.1)
      return "6.3.1"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #else
      return "6.1 or earlier"
    #endif
  }
}

/// The shared objects mapped into this process, from `/proc/self/maps`, with symlinks resolved
/// (`libjpeg.so.62.3.0`, not `libjpeg.so.62`): the file name carries the library's full version.
enum LoadedLibraries {
  static func files() -> [String] {
    // Read to the end, not by size: procfs files report a size of 0.
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
    let maps = String(decoding: data, as: UTF8.self)
    var seen: [String] = []
    for line in maps.split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = String(line[slash...])
      guard path.contains(".so"), !seen.contains(path) else { continue }
      seen.append(path)
    }
    return seen.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
  }
}
