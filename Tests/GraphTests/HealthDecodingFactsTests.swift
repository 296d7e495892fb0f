import Foundation
import Testing

@testable import Graph

/// Issue 40 item 1: an answer without a `signInActivity` object (absent or null) is said as
/// unknown, not "none recorded"; an object, however empty, is what Graph recorded.
@Suite struct HealthDecodingFactsTests {
  @Test(arguments: [
    (#"{"id":"x"}"#, false), (#"{"id":"x","signInActivity":null}"#, false),
    (#"{"id":"x","signInActivity":{}}"#, true),
    (#"{"id":"x","signInActivity":{"lastSignInDateTime":"2026-11-26T08:00:00Z"}}"#, true),
  ])
  func signInActivityIsReturnedOnlyAsAnObject(_ body: String, _ returned: Bool) throws {
    #expect(try HealthDecoding.lastSignIn(Data(body.utf8)).activityReturned == returned)
  }
}
