import Foundation
import Testing
import Transport

@testable import Graph

/// The fill's pacer: its budget starts at the smallest tenant's, rises with the people a fill has
/// listed (Graph's budget by tenant size), and once the headers have measured it, stays measured.
@Suite struct GraphPacerTests {
  @Test func thePeopleListedRaiseTheBudgetToTheirTenantSize() async {
    let pacer = GraphPacer()
    #expect(await pacer.budget == 3_500)
    await pacer.peopleListed(49)
    #expect(await pacer.budget == 3_500)
    await pacer.peopleListed(1)
    #expect(await pacer.budget == 5_000, "50 people: the medium tenant's")
    await pacer.peopleListed(451)
    #expect(await pacer.budget == 8_000, "501 people: the large tenant's")
  }

  @Test func aBudgetGivenOrMeasuredIsNotRaisedBySize() async {
    let given = GraphPacer(budget: 500)
    await given.peopleListed(10_000)
    #expect(await given.budget == 500)

    let measured = GraphPacer()
    await measured.learn(
      from: HTTPResponse(status: 200, headers: [(name: "x-ms-throttle-limit-percentage", value: "0.8")]), guessed: 400)
    #expect(await measured.budget == 500, "400 units answered at 80 % of the budget: 500")
    await measured.peopleListed(10_000)
    #expect(await measured.budget == 500, "the headers win over the tenant's size")
  }
}
