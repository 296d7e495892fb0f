import Testing

@Test func TerminalUITestsModuleBuilds() { #expect(Bool(true)) }
