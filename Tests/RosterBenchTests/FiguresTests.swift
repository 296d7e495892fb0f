import Testing

@testable import roster_bench

@Suite struct FiguresTests {
  @Test func percentilesAreNearestRank() {
    let sample = Sample((1...100).map(Double.init).reversed())
    #expect(sample.median == 50)
    #expect(sample.p99 == 99)
    #expect(Sample([]).median == nil)
    #expect(Sample([7]).p99 == 7)
  }

  @Test(
    arguments: [
      ("Results · 20 of 1,203", 20),
      ("40+ matches", 40),
      ("3 matches", 3),
      ("1 match", 1),
      ("old 5 of 9 then 1,250 of 2,000", 1250),
      ("Searching…", nil),
    ] as [(String, Int?)])
  func loadedCountReadsTheStatusLine(text: String, expected: Int?) {
    #expect(RosterHarness.loadedCount(in: text) == expected)
  }
}
