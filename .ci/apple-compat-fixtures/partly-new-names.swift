// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
// tools-version: 6.0
import Foundation

// A name with old declarations on other types (`language`, `region`) is new on Locale; and the
// project declares both names itself, which masks them unqualified, not after `Locale`.
struct Profile {
    var language: String
    var region: String
}

func describe(_ profile: Profile) -> String {
    let code = Locale.current.language.languageCode  // expect: newer-api
    _ = Locale.autoupdatingCurrent.region  // expect: newer-api
    _ = (profile.language, profile.region)
    return "\(code as Any)"
}

func describeWhereAvailable() {
    if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
        _ = Locale.current.language
    }
}
