import Testing
@Test func placeholderDemo() { #expect(Bool(true)) }
