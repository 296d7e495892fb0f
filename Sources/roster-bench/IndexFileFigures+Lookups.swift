import Foundation
import Index
import RosterCore

/// `--index-file`'s figures for issue 32: filters (`dept:`, `city:`, `is:`, `has:`, `manager:`,
/// with and without name words), phone numbers in several forms, and aliases and employee ids,
/// each question asked five times of the index as the list asks (101 rows), p50 and p99.
extension IndexFileFigures {
  /// What a shorter first page would save (issue 32's target: the list asks for 501 rows to show
  /// 20): the one- to three-letter prefixes at 501 rows and at 101.
  static func pageSizes(_ index: DirectoryIndex) throws {
    let queries =
      "abcdefghijklmnopqrstuvwxyz".map(String.init) + ["an", "ma", "jo", "li", "st", "ch", "ann", "mar", "joh", "ste"]
    for limit in [501, 101] {
      var samples: [Double] = []
      for _ in 0..<5 {
        for query in queries {
          let start = monotonicNanos()
          _ = try index.search(query, limit: limit)
          samples.append(millis(monotonicNanos() - start))
        }
      }
      let sample = Sample(samples)
      print("prefixes at \(limit) rows: p50 \(format(sample.median ?? 0)) ms, p99 \(format(sample.p99 ?? 0)) ms")
    }
  }

  static func lookups(_ index: DirectoryIndex) throws {
    let sample = try index.search("a", limit: 3_000).enumerated().filter { $0.offset % 15 == 0 }
      .compactMap { try index.detail(id: $0.element.id)?.person }
    guard !sample.isEmpty else { return }
    var filters = ["is:guest", "is:member", "is:disabled", "has:mobile", "is:guest has:mobile", "a is:disabled"]
    var phones: [String] = []
    var identifiers: [String] = []
    for (position, person) in sample.enumerated() {
      let department = person.department?.string ?? "x"
      let city = person.city?.string ?? "x"
      switch position % 6 {
      case 0: filters.append("dept:\"\(department.prefix(4))\"")
      case 1: filters.append("city:\"\(city)\" title:\"\((person.jobTitle?.string ?? "x").prefix(3))\"")
      case 2: filters.append("\((person.givenName?.string ?? "a").prefix(2)) dept:\"\(department)\"")
      case 3: filters.append("office:\"\((person.officeLocation?.string ?? "x").prefix(5))\" has:mobile")
      case 4: filters.append("country:\"\((person.country?.string ?? "x").prefix(2))\" is:member")
      default: if let mail = person.mail?.string { filters.append("manager:\(mail)") }
      }
      if let phone = person.businessPhones?.first?.string {
        let digits = phone.filter(\.isNumber)
        phones += [phone, digits, String(digits.suffix(10))]
      }
      if let mobile = person.mobilePhone?.string { phones.append(mobile) }
      identifiers += (person.proxyAddresses ?? []).map(\.string).filter { $0.hasPrefix("smtp:") }
      identifiers += (person.otherMails ?? []).map(\.string)
      if let id = person.employeeId?.string { identifiers.append(id) }
    }
    for (name, questions) in [("filters", filters), ("phones", phones), ("aliases and employee ids", identifiers)] {
      var samples: [Double] = []
      var slowest: [String: Double] = [:]
      for question in questions {
        for _ in 0..<5 {
          let start = monotonicNanos()
          _ = try? index.search(question, limit: 101)
          let time = millis(monotonicNanos() - start)
          samples.append(time)
          slowest[question] = max(slowest[question] ?? 0, time)
        }
      }
      let sorted = Sample(samples)
      let worst = slowest.sorted { $0.value > $1.value }.prefix(3)
        .map { "\(format($0.value)) ms \"\($0.key)\"" }.joined(separator: ", ")
      print(
        "\(name): \(questions.count) questions, p50 \(format(sorted.median ?? 0)) ms, p99 \(format(sorted.p99 ?? 0)) ms;"
          + " slowest \(worst)")
    }
  }
}
