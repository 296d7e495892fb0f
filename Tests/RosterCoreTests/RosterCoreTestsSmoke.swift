import Testing

@Test func RosterCoreTestsModuleBuilds() { #expect(Bool(true)) }
