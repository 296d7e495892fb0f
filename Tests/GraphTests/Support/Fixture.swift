import Foundation
import TestSupport

/// Recorded-shape Graph bodies from `Fixtures/`.
enum Fixture {
  static func data(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
      throw FixtureMissing(name: name)
    }
    return try Data(contentsOf: url)
  }

  static func text(_ name: String) throws -> String {
    String(decoding: try data(name), as: UTF8.self)
  }

  struct FixtureMissing: Error { var name: String }
}

extension FakeTransport.Step {
  static func fixture(_ status: Int, _ name: String, headers: [(name: String, value: String)] = []) throws -> Self {
    .json(status, try Fixture.text(name), headers: headers)
  }
}
