import Testing

@Test func GraphTestsModuleBuilds() { #expect(Bool(true)) }
