import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a person's vCard into a directory as `<name>.vcf`, never over an existing file
/// (`-2`, `-3`… are added), readable by the owner only: it holds a colleague's phone numbers.
public enum VCardFile {
  /// The path written.
  public static func write(
    _ person: Person, photoJPEG: Data? = nil, into directory: URL
  ) throws(ExportFailure) -> String {
    let data = Data(VCard.render(person, photoJPEG: photoJPEG).utf8)
    let stem = fileStem(person)
    for attempt in 1...100 {
      let name = attempt == 1 ? "\(stem).vcf" : "\(stem)-\(attempt).vcf"
      let path = directory.appendingPathComponent(name).path
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        throw ExportFailure("\(String(cString: strerror(errno))) (\(directory.path))")
      }
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      do {
        try handle.write(contentsOf: data)
        try handle.close()
      } catch {
        unlink(path)
        throw ExportFailure("the file could not be written (\(directory.path))")
      }
      return path
    }
    throw ExportFailure("too many files named \(stem)-N.vcf in \(directory.path)")
  }

  /// A file name from the mail's local part, else the display name: letters, digits, `.`, `-`,
  /// `_` only, so no directory string can name another path.
  static func fileStem(_ person: Person) -> String {
    let source =
      person.mail?.nonEmpty.map { String($0.string.prefix { $0 != "@" }) }
      ?? person.displayName?.nonEmpty?.string ?? ""
    var stem = ""
    for scalar in source.lowercased().unicodeScalars {
      if scalar.isASCII,
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
      {
        stem.unicodeScalars.append(scalar)
      } else if scalar == " ", !stem.hasSuffix(".") {
        stem += "."
      }
    }
    while stem.hasPrefix(".") { stem.removeFirst() }
    return stem.isEmpty ? "contact" : String(stem.prefix(64))
  }
}
