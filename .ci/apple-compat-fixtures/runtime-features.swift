// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.

func total(_ values: any Sequence<Int>) -> Int {  // expect: runtime-feature
    values.reduce(0, +)
}

func total(_ values: some Sequence<Int>) -> Int { values.reduce(0, +) }

struct Tuple<each Element> {  // expect: runtime-feature
    var elements: (repeat each Element)
}

func printAll<each Value>(_ value: repeat each Value) {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NewTuple<each Element> {
    var elements: (repeat each Element)
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
func newer(_ values: any Collection<String>) -> Int { values.count }
